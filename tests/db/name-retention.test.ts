/**
 * Names expire: private.erase_expired_names() sets the name to null on every
 * response older than the retention in private.settings, keeps the scores
 * and every aggregate, and says how many it erased.
 */
import { expect, it } from 'vitest';
import type { Queryable } from '../../server/db/engine.ts';
import { forEachEngine } from '../support/db-engines.ts';
import type { StoredScores } from '../support/submit.ts';

interface Row extends Omit<StoredScores, 'submission_id'> {
  label: string;
  name: string | null;
}

/**
 * Respondents aged around the retention, as offsets from now() in the
 * transaction that erases, so that the boundary is exact to the microsecond.
 */
const AGES: [label: string, name: string | null, age: string][] = [
  ['a year and a microsecond', 'Ada', '365 days 1 microsecond'],
  ['exactly a year', 'Brontë', '365 days'],
  ['a microsecond under a year', 'Cyrus', '364 days 23:59:59.999999'],
  ['ten years', 'Dido, "the queen"', '3650 days'],
  ['an hour', 'Emil', '1 hour'],
  ['two years, anonymous', null, '730 days'],
];

/** Inserts the respondents of AGES (owner only), with distinct scores. */
async function insertAged(tx: Queryable): Promise<void> {
  for (const [i, [, name, age]] of AGES.entries()) {
    await tx.query(
      `insert into public.responses (submission_id, name, created_at, love, duty, honor, reason,
                                     love_normalized, duty_normalized, honor_normalized, reason_normalized)
       select gen_random_uuid(), $1, now() - $2::interval, l, 17 - l, h, 15 - h, l / 19, (17 - l) / 17, h / 14, (15 - h) / 17
         from (select $3::float8 as l, $4::float8 as h) v`,
      [name, age, i + 1, i * 2],
    );
  }
}

async function rowsByLabel(tx: Queryable): Promise<Row[]> {
  const rows = await tx.query<Omit<Row, 'label'>>(
    `select name, love, duty, honor, reason, love_normalized, duty_normalized, honor_normalized, reason_normalized
       from public.responses order by id`,
  );
  return rows.map((r, i) => ({ label: AGES[i]![0], ...r }));
}

async function aggregates(tx: Queryable): Promise<unknown[]> {
  return [
    ...(await tx.query('select * from public.response_summary')),
    ...(await tx.query('select * from public.response_quadrants order by pair_position, first_high, second_high')),
  ];
}

/** Runs work on a database holding AGES, then rolls all of it back. */
async function withAged<T>(
  db: { transaction: <R>(fn: (tx: Queryable) => Promise<R>) => Promise<R> },
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  const rollback = new Error('rolled back on purpose');
  await expect(
    db.transaction(async (tx) => {
      await tx.exec('delete from public.responses');
      await insertAged(tx);
      result = await work(tx);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
  return result as T;
}

const erase = async (tx: Queryable) =>
  (await tx.query<{ erased: number }>('select private.erase_expired_names() as erased'))[0]!.erased;

forEachEngine('names that expire', ({ db }) => {
  it('keeps names for 365 days unless the operator says otherwise', async () => {
    const [row] = await db().query<{ value: string }>(
      `select value from private.settings where name = 'name_retention_days'`,
    );
    expect(row?.value).toBe('365');
  });

  it('erases exactly the names older than the retention, keeps every score, and counts them', async () => {
    const { erased, before, after } = await withAged(db(), async (tx) => {
      const before = await rowsByLabel(tx);
      const erased = await erase(tx);
      return { erased, before, after: await rowsByLabel(tx) };
    });
    expect(erased).toBe(2);
    expect(after.filter((r) => r.name !== null).map((r) => r.label)).toEqual([
      'exactly a year',
      'a microsecond under a year',
      'an hour',
    ]);
    const erasedNow = new Set(['a year and a microsecond', 'ten years', 'two years, anonymous']);
    expect(after).toEqual(before.map((r) => (erasedNow.has(r.label) ? { ...r, name: null } : r)));
  });

  it('erases nothing more when run again', async () => {
    const counts = await withAged(db(), async (tx) => [await erase(tx), await erase(tx)]);
    expect(counts).toEqual([2, 0]);
  });

  it('leaves the summary and the quadrant counters as a recount from the rows gives them', async () => {
    const { before, after, recount } = await withAged(db(), async (tx) => {
      const before = await aggregates(tx);
      await erase(tx);
      const after = await aggregates(tx);
      await tx.query('select private.refresh_response_summary()');
      return { before, after, recount: await aggregates(tx) };
    });
    expect(after).toEqual(before);
    expect(after).toEqual(recount);
    expect(Number((after[0] as { respondents: unknown }).respondents)).toBe(AGES.length);
  });

  it('still recomputes the summary when a score changes', async () => {
    const [before, after] = await withAged(db(), async (tx) => {
      const before = (await tx.query<{ love_raw_sum: number }>('select love_raw_sum from public.response_summary'))[0]!;
      await tx.query('update public.responses set love = love + 1');
      const after = (await tx.query<{ love_raw_sum: number }>('select love_raw_sum from public.response_summary'))[0]!;
      return [before.love_raw_sum, after.love_raw_sum];
    });
    expect(after).toBe(before! + AGES.length);
  });

  it('follows the retention the operator sets, and keeps names for good once the row is deleted', async () => {
    const [shorter, none] = await withAged(db(), async (tx) => {
      await tx.exec(`update private.settings set value = '2' where name = 'name_retention_days'`);
      const shorter = await erase(tx);
      await tx.exec(`update public.responses set name = 'Again' where name is null;
                     delete from private.settings where name = 'name_retention_days'`);
      return [shorter, await erase(tx)];
    });
    expect(shorter).toBe(4);
    expect(none).toBe(0);
  });

  it('refuses a retention that is not a whole number of days, at least one', async () => {
    for (const value of ['0', '-5', '1.5', 'a year', '', '1000000']) {
      await expect(
        db().query(`update private.settings set value = $1 where name = 'name_retention_days'`, [value]),
        value,
      ).rejects.toMatchObject({ code: '23514' });
    }
    const [row] = await db().query<{ value: string }>(
      `select value from private.settings where name = 'name_retention_days'`,
    );
    expect(row?.value).toBe('365');
  });

  it('schedules nothing where pg_cron cannot be created, and the migration still applies', async () => {
    const [row] = await db().query<{ cron: number; erase: boolean }>(
      `select (select count(*)::int from pg_extension where extname = 'pg_cron') as cron,
              to_regprocedure('private.erase_expired_names()') is not null as erase`,
    );
    expect(row).toEqual({ cron: 0, erase: true });
  });
});
