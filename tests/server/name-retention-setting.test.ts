/**
 * NAME_RETENTION_DAYS: the server's start sets the names' retention from
 * it; a value that is not whole days is refused, naming the variable, and
 * changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/engine.ts';
import { setNameRetentionDays } from '../../server/retention.ts';
import { freshDatabase } from '../support/db-engines.ts';

describe('NAME_RETENTION_DAYS', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => ({ db, dispose } = await freshDatabase('pglite')));
  afterAll(async () => dispose?.());

  const stored = async () =>
    (await db.query<{ value: string }>("select value from private.settings where name = 'name_retention_days'"))[0]
      ?.value;

  it('is read as whole days, and left out when unset', () => {
    expect(readConfig({}).nameRetentionDays).toBeUndefined();
    expect(readConfig({ NAME_RETENTION_DAYS: '30' }).nameRetentionDays).toBe(30);
    for (const value of ['0', '-5', '1.5', '30d', '1000000', ' 30']) {
      expect(() => readConfig({ NAME_RETENTION_DAYS: value }), value).toThrow(
        `NAME_RETENTION_DAYS must be whole days from 1 to 999999, not "${value}"`,
      );
    }
  });

  it('sets the setting the hourly erasure reads', async () => {
    expect(await stored()).toBe('365');
    await setNameRetentionDays(db, 30);
    expect(await stored()).toBe('30');
    const [retention] = await db.query<{ days: number }>(
      'select extract(day from private.name_retention())::int as days',
    );
    expect(retention?.days).toBe(30);
  });

  it('says so when the setting was deleted (names kept for good), and adds nothing', async () => {
    await db.exec("delete from private.settings where name = 'name_retention_days'");
    await expect(setNameRetentionDays(db, 30)).rejects.toThrow(/the database keeps names for good/);
    expect(await stored()).toBeUndefined();
  });
});
