import { expect, it } from 'vitest';
import type { Insights } from '../../src/lib/api.ts';
import { migrate, readMigrations } from '../../server/db/migrate.ts';
import { callAsAnon, forEachUnmigratedEngine } from '../support/db-engines.ts';
import { expectedAggregates, type ResponseRow } from '../support/expected-insights.ts';
import { randomChoices, seededRandom } from '../support/random-answers.ts';
import { submit } from '../support/submit.ts';

const QUADRANT_ROWS = '20261123000200';

forEachUnmigratedEngine('quadrant counters moved from columns to rows', ({ db }) => {
  it('keeps every count a database had before the move, and keeps counting after it', async () => {
    const all = readMigrations();
    await migrate(
      db(),
      all.filter((m) => m.version < QUADRANT_ROWS),
    );
    const rows: ResponseRow[] = [];
    const random = seededRandom(808);
    const record = async (i: number) => {
      const s = await submit(db(), randomChoices(random), `Before ${i}`);
      rows.push({
        name: null,
        raw: { love: s.love, duty: s.duty, honor: s.honor, reason: s.reason },
        normalized: {
          love: s.love_normalized,
          duty: s.duty_normalized,
          honor: s.honor_normalized,
          reason: s.reason_normalized,
        },
      });
    };
    for (let i = 0; i < 80; i++) await record(i);
    const [old] = await db().query<{ n: string }>('select love_honor_hh::text as n from public.response_summary');
    expect(Number(old!.n)).toBe(expectedAggregates(rows).quadrants[0]!.high_high);

    expect(await migrate(db(), all)).toContain(QUADRANT_ROWS);
    expect((await callAsAnon<Insights>(db(), 'insights')).quadrants).toEqual(expectedAggregates(rows).quadrants);
    for (let i = 80; i < 120; i++) await record(i);
    const insights = await callAsAnon<Insights>(db(), 'insights');
    expect(insights.quadrants).toEqual(expectedAggregates(rows).quadrants);
    expect(insights.count).toBe(120);
  });
});
