import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { maxAttainable } from '../../src/core/scoring.ts';
import { SAVED_DENOMINATORS, VALUES } from '../../src/core/values.ts';
import { openPglite } from '../../server/db/engine.ts';
import { migrate } from '../../server/db/migrate.ts';
import { SEED_NAMES, drawRespondents, seedRespondents } from '../../scripts/seed.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { seededRandom } from '../support/random-answers.ts';

forEachEngine('seedRespondents', ({ db }) => {
  beforeAll(async () => {
    await seedRespondents(db(), 2500, seededRandom(11));
  });

  it('stores the respondents with totals the quiz can produce, normalized like submit_response', async () => {
    const rows = await db().query<Record<string, number | string | null>>('select * from public.responses');
    expect(rows).toHaveLength(2500);
    const max = maxAttainable();
    for (const r of rows) {
      for (const v of VALUES) {
        const raw = r[v] as number;
        expect(raw % 0.5).toBe(0);
        expect(raw).toBeGreaterThanOrEqual(0);
        expect(raw).toBeLessThanOrEqual(max[v]);
        expect(r[`${v}_normalized`]).toBe(raw / SAVED_DENOMINATORS[v]);
      }
      expect(r.name === null || SEED_NAMES.includes(r.name as string)).toBe(true);
    }
    expect(new Set(rows.map((r) => r.submission_id)).size).toBe(2500);
    const anonymous = rows.filter((r) => r.name === null).length;
    expect(anonymous).toBeGreaterThan(400);
    expect(anonymous).toBeLessThan(900);
  });

  it('counts exactly one answer per question per respondent, spread over every answer', async () => {
    const tallies = await db().query<{ question_id: number; answers: number; total: string }>(
      `select question_id, count(*)::int as answers, sum(count)::text as total
         from public.answer_counts group by question_id order by question_id`,
    );
    expect(tallies).toEqual(QUESTIONS.map((q) => ({ question_id: q.id, answers: q.answers.length, total: '2500' })));
  });

  it('keeps the insights summary in step with the rows', async () => {
    const [row] = await db().query<{ same: boolean }>(
      `select s.respondents = (select count(*) from public.responses)
              and s.love_raw_sum = (select sum(love) from public.responses)
              and s.reason_max = (select max(reason_normalized) from public.responses) as same
         from public.response_summary s`,
    );
    expect(row?.same).toBe(true);
  });

  it('refuses a count that is not a whole number from 1 up, and stores nothing', async () => {
    for (const n of [0, -5, 1.5, Number.NaN, 20_000_000]) {
      await expect(seedRespondents(db(), n)).rejects.toThrow(/whole number from 1 to/);
    }
    const [row] = await db().query<{ n: number }>('select count(*)::int as n from public.responses');
    expect(row?.n).toBe(2500);
  });
});

it('draws each answer of a question about equally often', () => {
  const batch = drawRespondents(20_000, seededRandom(3));
  for (const q of QUESTIONS) {
    const counts = batch.tallies.filter((t) => t.question_id === q.id).map((t) => t.count);
    expect(counts).toHaveLength(q.answers.length);
    const expected = 20_000 / q.answers.length;
    for (const c of counts) expect(Math.abs(c - expected)).toBeLessThan(expected * 0.1);
  }
  expect(batch.sampleKeys).toEqual([...batch.sampleKeys].sort((a, b) => a - b));
});

it('npm run seed -- --respondents N fills the PGlite data folder and says how long it took', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'seed-test-'));
  try {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/seed.ts', '--respondents', '1500'], {
      env,
    });
    expect(stdout).toMatch(/^seeded 1,500 respondents into PGlite in .+ in \d+\.\d s .*1,500 respondents in all/);
    const db = await openPglite(dataDir);
    try {
      await migrate(db);
      const [row] = await db.query<{ n: number }>('select count(*)::int as n from public.responses');
      expect(row?.n).toBe(1500);
    } finally {
      await db.close();
    }
    await expect(
      promisify(execFile)(process.execPath, ['scripts/seed.ts', '--respondents', 'many'], { env }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('usage: npm run seed -- --respondents N') });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
