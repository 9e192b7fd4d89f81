/**
 * The hourly job a hosted project runs, on a PostgreSQL that preloads
 * pg_cron, as Supabase does: a private cluster of this machine's PostgreSQL
 * (tests/support/pg-cron-cluster.ts), or the database PG_CRON_URL names,
 * where pg_cron works (its cron.database_name) and the migrations are
 * applied and stay. Without pg_cron the migration schedules nothing
 * (tests/db/name-retention.test.ts). When no cluster can be had, the tests
 * fail under CI and are skipped elsewhere, saying what to install.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/engine.ts';
import { migrate } from '../../server/db/migrate.ts';
import { ClusterUnavailable, startPgCronCluster, type PgCronCluster } from '../support/pg-cron-cluster.ts';

const IN_CI = Boolean(process.env.CI) && process.env.CI !== 'false';
const EXPIRED_NAME = `Expired ${Date.now()}`;

describe('names expire by pg_cron', () => {
  let cluster: PgCronCluster | undefined;
  let db: Database | undefined;
  let unavailable: string | undefined;

  beforeAll(async () => {
    let url = process.env.PG_CRON_URL;
    if (!url) {
      try {
        cluster = await startPgCronCluster();
      } catch (error) {
        if (!(error instanceof ClusterUnavailable)) throw error;
        unavailable = `No PostgreSQL with pg_cron for the pg_cron tests (${error.message}): they ${IN_CI ? 'count as failed' : 'are skipped'}.`;
        console.warn(unavailable);
        return;
      }
      url = cluster.url;
    }
    db = await openPostgres(url, 2);
    await migrate(db);
    // What the two runs below act on, and their jobs, each the migrations' command every minute rather
    // than at minute 17: scheduled together, both run at the next minute, and the file waits for one.
    await db.query(`insert into private.withdrawable_answers_recent values ('\\x01', '\\x02')`);
    await db.query(
      `insert into public.responses (submission_id, name, created_at, love, duty, honor, reason,
                                     love_normalized, duty_normalized, honor_normalized, reason_normalized)
       values (gen_random_uuid(), $1, now() - interval '400 days', 1, 1, 1, 1, 1.0 / 19, 1.0 / 17, 1.0 / 14, 1.0 / 17)`,
      [EXPIRED_NAME],
    );
    for (const job of ['rewrite-save-traces', 'erase-expired-names']) {
      await db.query(`select cron.schedule($1, '* * * * *', (select command from cron.job where jobname = $2))`, [
        `${job}-test`,
        job,
      ]);
    }
  });
  afterAll(async () => {
    try {
      for (const job of ['rewrite-save-traces-test', 'erase-expired-names-test']) {
        await db?.query('select cron.unschedule(jobid) from cron.job where jobname = $1', [job]);
      }
      await db?.close();
    } finally {
      await cluster?.stop();
    }
  });

  /** The migrated database, or the test is failed (CI) or skipped (elsewhere) for want of pg_cron. */
  function database(test: { skip(note?: string): void }): Database {
    if (db) return db;
    if (IN_CI || !unavailable) throw new Error(unavailable ?? 'database not ready');
    test.skip(unavailable);
    throw new Error('unreachable: skip() ends the test');
  }

  it('is scheduled by the migrations at minute 17 of every hour', async (test) => {
    const jobs = await database(test).query('select schedule, command, active from cron.job where jobname = $1', [
      'erase-expired-names',
    ]);
    expect(jobs).toEqual([{ schedule: '17 * * * *', command: 'select private.erase_expired_names()', active: true }]);
  });

  it('schedules the groups past their retention for deletion at minute 17 of every hour', async (test) => {
    const jobs = await database(test).query('select schedule, command, active from cron.job where jobname = $1', [
      'erase-expired-groups',
    ]);
    expect(jobs).toEqual([{ schedule: '17 * * * *', command: 'select private.erase_expired_groups()', active: true }]);
  });

  it('schedules the rewrites of what the saves wrote with the erasure, and runs them', async (test) => {
    const db = database(test);
    const jobs = await db.query(
      `select jobname, schedule, command from cron.job where jobname like 'rewrite-%' and jobname not like '%-test' order by jobname`,
    );
    expect(jobs).toEqual([
      { jobname: 'rewrite-save-traces', schedule: '17 * * * *', command: 'select private.rewrite_save_traces()' },
      {
        jobname: 'rewrite-throttle-counts',
        schedule: '17 * * * *',
        command: 'select private.rewrite_client_event_counts()',
      },
    ]);
    // Its test job, scheduled with the erasure's when the file began, moves the sealed row put in then.
    await expect
      .poll(async () => (await db.query('select 1 from private.withdrawable_answers_recent')).length, {
        timeout: 75_000,
        interval: 1000,
      })
      .toBe(0);
    expect(await db.query(`select 1 from private.withdrawable_answers where answers_key = '\\x01'`)).toHaveLength(1);
  }, 90_000);

  it("erases an expired name when pg_cron runs the job's command", async (test) => {
    const db = database(test);
    // The row put in when the file began; its test job runs the same minute as the rewrite's.
    await expect
      .poll(async () => (await db.query('select 1 from public.responses where name = $1', [EXPIRED_NAME])).length, {
        timeout: 75_000,
        interval: 1000,
      })
      .toBe(0);
  }, 90_000);
});
