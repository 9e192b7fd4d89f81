import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { forEachEngine } from '../support/db-engines.ts';

forEachEngine('supabase/seed.sql', ({ db }) => {
  it('stores twelve sample respondents with their tallies', async () => {
    await db().exec(readFileSync('supabase/seed.sql', 'utf8'));
    const [row] = await db().query<{ n: number; named: number }>(
      'select count(*)::int as n, count(name)::int as named from public.responses',
    );
    expect(row).toEqual({ n: 12, named: 8 });
    const [tally] = await db().query<{ total: number }>('select sum(count)::int as total from public.answer_counts');
    expect(tally?.total).toBe(12 * 12);
  });
});
