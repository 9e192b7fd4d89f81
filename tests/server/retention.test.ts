import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/engine.ts';
import { eraseExpiredNamesHourly } from '../../server/retention.ts';
import { freshDatabase } from '../support/db-engines.ts';

/** A respondent saved `age` ago (owner only). */
async function respondent(db: Database, name: string, age: string): Promise<void> {
  await db.query(
    `insert into public.responses (submission_id, name, created_at, love, duty, honor, reason,
                                   love_normalized, duty_normalized, honor_normalized, reason_normalized)
     values (gen_random_uuid(), $1, now() - $2::interval, 1, 1, 1, 1, 1.0 / 19, 1.0 / 17, 1.0 / 14, 1.0 / 17)`,
    [name, age],
  );
}

async function names(db: Database): Promise<(string | null)[]> {
  return (await db.query<{ name: string | null }>('select name from public.responses order by id')).map((r) => r.name);
}

function recorder() {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => lines.push(m), error: (m: string) => lines.push(`error: ${m}`) } };
}

describe('the local server erases expired names', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => ({ db, dispose } = await freshDatabase('pglite')));
  afterAll(async () => dispose?.());

  it('at start, and again at every interval', async () => {
    await respondent(db, 'Old', '400 days');
    await respondent(db, 'Recent', '1 day');
    const { lines, log } = recorder();
    const retention = await eraseExpiredNamesHourly(db, { everyMs: 50, log });
    try {
      expect(await names(db)).toEqual([null, 'Recent']);
      expect(lines).toEqual(['Erased 1 name older than the retention']);

      await db.exec(`update public.responses set created_at = now() - interval '2 years'`);
      await expect.poll(() => names(db), { timeout: 5000 }).toEqual([null, null]);
      expect(lines).toEqual(['Erased 1 name older than the retention', 'Erased 1 name older than the retention']);
    } finally {
      retention.stop();
    }
  });

  it('logs a run that fails and keeps the server going', async () => {
    const { lines, log } = recorder();
    await db.exec('alter function private.erase_expired_names() rename to erase_expired_names_away');
    try {
      const retention = await eraseExpiredNamesHourly(db, { everyMs: 60_000, log });
      retention.stop();
      expect(lines).toEqual([expect.stringMatching(/^error: Could not erase expired names: .*erase_expired_names/)]);
    } finally {
      await db.exec('alter function private.erase_expired_names_away() rename to erase_expired_names');
    }
  });
});
