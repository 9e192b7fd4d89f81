/**
 * The hourly job a hosted project runs, on a PostgreSQL that preloads
 * pg_cron, as Supabase does. Runs only when PG_CRON_URL names the database
 * pg_cron works in (its cron.database_name); the migrations are applied
 * there and stay. Elsewhere the migration schedules nothing
 * (tests/db/name-retention.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/engine.ts';
import { migrate } from '../../server/db/migrate.ts';

const url = process.env.PG_CRON_URL;

describe.skipIf(!url)('names expire by pg_cron', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPostgres(url!, 2);
    await migrate(db);
  });
  afterAll(async () => db?.close());

  it('is scheduled by the migrations at minute 17 of every hour', async () => {
    const jobs = await db.query('select schedule, command, active from cron.job where jobname = $1', ['erase-expired-names']);
    expect(jobs).toEqual([{ schedule: '17 * * * *', command: 'select private.erase_expired_names()', active: true }]);
  });

  it("erases an expired name when pg_cron runs the job's command", async () => {
    const name = `Expired ${Date.now()}`;
    await db.query(
      `insert into public.responses (submission_id, name, created_at, love, duty, honor, reason,
                                     love_normalized, duty_normalized, honor_normalized, reason_normalized)
       values (gen_random_uuid(), $1, now() - interval '400 days', 1, 1, 1, 1, 1.0 / 19, 1.0 / 17, 1.0 / 14, 1.0 / 17)`,
      [name],
    );
    // The same command, every minute, rather than waiting for minute 17.
    await db.query(`select cron.schedule('erase-expired-names-test', '* * * * *',
                      (select command from cron.job where jobname = 'erase-expired-names'))`);
    try {
      await expect
        .poll(async () => (await db.query('select 1 from public.responses where name = $1', [name])).length, {
          timeout: 75_000,
          interval: 1000,
        })
        .toBe(0);
    } finally {
      await db.query(`select cron.unschedule('erase-expired-names-test')`);
    }
  }, 90_000);
});
