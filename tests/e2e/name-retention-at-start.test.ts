/**
 * The promise that names expire holds on the local server only if the
 * server runs the erasure: tests/server/retention.test.ts times the runs,
 * this one starts `npm start`'s server on a folder holding an expired name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { startApp, type RunningApp } from '../support/chromium/app.ts';

/** Opens the stopped server's data folder for `use`, and closes it. */
async function inDataFolder<T>(dataDir: string, use: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) {
  const db = await openDatabase({ dataDir, holder: 'the retention test' });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

describe('the server of npm start', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app?.dispose());

  it('erases the names older than the retention as it starts', async () => {
    await app.stop();
    await inDataFolder(app.dataDir, (db) =>
      db.query(
        `insert into public.responses (submission_id, name, created_at, love, duty, honor, reason,
                                       love_normalized, duty_normalized, honor_normalized, reason_normalized)
         select gen_random_uuid(), name, now() - age::interval, 1, 1, 1, 1, 1.0 / 19, 1.0 / 17, 1.0 / 14, 1.0 / 17
           from (values ('Old', '400 days'), ('Recent', '1 day')) as t (name, age)`,
      ),
    );
    await app.start();
    await app.stop();
    const names = await inDataFolder(app.dataDir, (db) =>
      db.query<{ name: string | null }>(`select name from public.responses order by created_at`),
    );
    expect(names.map((r) => r.name)).toEqual([null, 'Recent']);
  });
});
