/**
 * The promise that names expire holds on the local server only if the
 * server runs the erasure: tests/server/retention.test.ts times the runs,
 * this one starts `npm start`'s server on a folder holding an expired name,
 * and watches which repeating jobs it starts (tests/support/interval-spy.ts).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { NAME_RETENTION_EVERY_MS } from '../../server/retention.ts';
import { startApp, type RunningApp } from '../support/chromium/app.ts';

const INTERVAL_SPY = new URL('../support/interval-spy.ts', import.meta.url).pathname;

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
  const spyDir = mkdtempSync(join(tmpdir(), 'mc-interval-spy-'));
  const intervals = join(spyDir, 'intervals');
  beforeAll(async () => {
    app = await startApp({ env: { NODE_OPTIONS: `--import=${INTERVAL_SPY}`, INTERVAL_SPY_FILE: intervals } });
  });
  afterAll(async () => {
    await app?.dispose();
    rmSync(spyDir, { recursive: true, force: true });
  });

  it('runs the erasure again every hour', () => {
    const delays = (existsSync(intervals) ? readFileSync(intervals, 'utf8') : '')
      .split('\n')
      .filter(Boolean)
      .map(Number);
    expect(delays).toContain(NAME_RETENTION_EVERY_MS);
    expect(NAME_RETENTION_EVERY_MS).toBe(60 * 60 * 1000);
  });

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
