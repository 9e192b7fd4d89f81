/**
 * NAME_RETENTION_DAYS and GROUP_RETENTION_DAYS: the server's start sets the
 * names' and the groups' retention from them; a value that is not whole
 * days is refused, naming the variable, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/engine.ts';
import { RETENTION_SETTINGS, setRetentionDays, type RetentionVariable } from '../../server/retention.ts';
import { freshDatabase } from '../support/db-engines.ts';

/** Each variable, its setting's default, and the function the hourly run reads it through. */
const CASES: [RetentionVariable, string, string][] = [
  ['NAME_RETENTION_DAYS', '365', 'private.name_retention()'],
  ['GROUP_RETENTION_DAYS', '180', 'private.group_retention()'],
];

describe.each(CASES)('%s', (variable, byDefault, reader) => {
  let db: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => ({ db, dispose } = await freshDatabase('pglite')));
  afterAll(async () => dispose?.());

  const { setting } = RETENTION_SETTINGS[variable];
  const stored = async () =>
    (await db.query<{ value: string }>('select value from private.settings where name = $1', [setting]))[0]?.value;

  it('is read as whole days, and left out when unset', () => {
    expect(readConfig({}).retentionDays[variable]).toBeUndefined();
    expect(readConfig({ [variable]: '30' }).retentionDays[variable]).toBe(30);
    for (const value of ['0', '-5', '1.5', '30d', '1000000', ' 30']) {
      expect(() => readConfig({ [variable]: value }), value).toThrow(
        `${variable} must be whole days from 1 to 999999, not "${value}"`,
      );
    }
  });

  it('sets the setting the hourly run reads, and only that one', async () => {
    const others = async () =>
      db.query('select name, value from private.settings where name <> $1 order by name', [setting]);
    const before = await others();
    expect(await stored()).toBe(byDefault);
    await setRetentionDays(db, variable, 30);
    expect(await stored()).toBe('30');
    const [retention] = await db.query<{ days: number }>(`select extract(day from ${reader})::int as days`);
    expect(retention?.days).toBe(30);
    expect(await others()).toEqual(before);
  });

  it('says so when the setting was deleted (kept for good), and adds nothing', async () => {
    await db.exec(`delete from private.settings where name = '${setting}'`);
    await expect(setRetentionDays(db, variable, 30)).rejects.toThrow(
      `${variable} is set, but ${RETENTION_SETTINGS[variable].keptForGood}`,
    );
    expect(await stored()).toBeUndefined();
  });
});
