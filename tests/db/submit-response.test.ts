import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { resultShares, scoreChoices, type AnswerChoice } from '../../src/core/scoring.ts';
import { VALUES } from '../../src/core/values.ts';
import type { Database } from '../../server/db/engine.ts';
import { availableEngines, callAsAnon, forEachEngine, freshDatabase } from '../support/db-engines.ts';
import { nthChoices, randomChoices, seededRandom } from '../support/random-answers.ts';
import { submit, submitInBatches, type StoredScores } from '../support/submit.ts';

async function snapshot(db: Database) {
  const responses = await db.query('select * from public.responses order by id');
  const counts = await db.query('select question_id, answer_text, count from public.answer_counts order by 1, 2');
  return { responses, counts };
}

function countsOf(sets: AnswerChoice[][]): Map<string, number> {
  const m = new Map<string, number>();
  for (const set of sets)
    for (const c of set)
      m.set(`${c.question_id}|${c.answer_text}`, (m.get(`${c.question_id}|${c.answer_text}`) ?? 0) + 1);
  return m;
}

async function tallies(db: Database): Promise<Map<string, number>> {
  const rows = await db.query<{ question_id: number; answer_text: string; count: string | number }>(
    'select question_id, answer_text, count from public.answer_counts where count > 0',
  );
  return new Map(rows.map((r) => [`${r.question_id}|${r.answer_text}`, Number(r.count)]));
}

forEachEngine('submit_response', ({ db }) => {
  it('derives the same raw and normalized scores as the TypeScript core for 200 random answer sets', async () => {
    const random = seededRandom(2026);
    const sets = Array.from({ length: 200 }, () => randomChoices(random));
    for (const answers of sets) {
      const stored = await submit(db(), answers);
      const expected = scoreChoices(answers);
      expect(stored).toMatchObject({
        ...expected.raw,
        love_normalized: expected.normalized.love,
        duty_normalized: expected.normalized.duty,
        honor_normalized: expected.normalized.honor,
        reason_normalized: expected.normalized.reason,
      });
    }
    const [row] = await db().query<{ n: number }>('select count(*)::int as n from public.responses');
    expect(row?.n).toBe(200);
    expect(await tallies(db())).toEqual(countsOf(sets));
  });

  it('answers with the submission id and the batch that publishes it, and a retry with the id alone', async () => {
    const id = randomUUID();
    const args = { submission_id: id, name: 'Answer', answers: nthChoices(2) };
    const [{ batch } = { batch: -1 }] = await db().query<{ batch: number }>(
      'select batch::int as batch from private.publication',
    );
    expect(await callAsAnon(db(), 'submit_response', args)).toEqual({ submission_id: id, batch: batch + 1 });
    expect(await callAsAnon(db(), 'submit_response', args)).toEqual({ submission_id: id });
  });

  it('stores a retried submission_id once, counts it once and returns the same scores', async () => {
    const before = await tallies(db());
    const id = randomUUID();
    const answers = nthChoices(1);
    const first = await submit(db(), answers, 'Retry', id);
    const second = await submit(db(), answers, 'Retry', id);
    expect(second).toEqual(first);
    const rows = await db().query('select name from public.responses where submission_id = $1', [id]);
    expect(rows).toEqual([{ name: 'Retry' }]);
    const after = await tallies(db());
    for (const c of answers) {
      const key = `${c.question_id}|${c.answer_text}`;
      expect(after.get(key)).toBe((before.get(key) ?? 0) + 1);
    }
  });

  it('trims the name and stores an empty one as null', async () => {
    const a = await submit(db(), nthChoices(0), '  Ada \n');
    const b = await submit(db(), nthChoices(0), '   ');
    const c = await submit(db(), nthChoices(0), null);
    const rows = await db().query<{ submission_id: string; name: string | null }>(
      'select submission_id, name from public.responses where submission_id = any($1::uuid[])',
      [[a.submission_id, b.submission_id, c.submission_id]],
    );
    const byId = new Map(rows.map((r) => [r.submission_id, r.name]));
    expect(byId.get(a.submission_id)).toBe('Ada');
    expect(byId.get(b.submission_id)).toBeNull();
    expect(byId.get(c.submission_id)).toBeNull();
  });

  it('stores SQL metacharacters and HTML in a short name as plain text', async () => {
    const names = ["Robert'); drop table public.responses; --", '<script>alert(1)</script>', '%_\\"\'; --'];
    for (const name of names) {
      const stored = await submit(db(), nthChoices(3), name);
      const rows = await db().query('select name from public.responses where submission_id = $1', [
        stored.submission_id,
      ]);
      expect(rows).toEqual([{ name }]);
    }
    const [row] = await db().query<{ n: number }>('select count(*)::int as n from public.responses');
    expect(row!.n).toBeGreaterThan(200);
  });

  it('accepts a name of exactly 50 characters', async () => {
    const name = 'x'.repeat(50);
    const stored = await submit(db(), nthChoices(0), name);
    expect(
      await db().query('select name from public.responses where submission_id = $1', [stored.submission_id]),
    ).toEqual([{ name }]);
  });

  const valid = nthChoices(0);
  const badInputs: [string, () => unknown[], RegExp][] = [
    ['a question missing', () => [valid.slice(1)], /question 1 has no answer/],
    ['a question answered twice', () => [[...valid.slice(0, 11), valid[0]]], /question 1 is answered more than once/],
    [
      'thirteen answers',
      () => [[...valid, { question_id: 13, answer_text: 'Agree' }]],
      /exactly 12 answers|question 13/,
    ],
    [
      'an unknown answer',
      () => [[...valid.slice(0, 11), { question_id: 12, answer_text: 'Maybe' }]],
      /question 12 has no answer 'Maybe'/,
    ],
    [
      'an answer of another question',
      () => [[...valid.slice(0, 3), { question_id: 4, answer_text: 'Agree' }, ...valid.slice(4)]],
      /question 4 has no answer 'Agree'/,
    ],
    ['answers that are an object', () => [{ question_id: 1 }], /answers must be a JSON array/],
    ['answers that are a string', () => ['[]'], /answers must be a JSON array/],
    ['answers missing', () => [null], /answers must be a JSON array/],
    ['an answer that is a string', () => [[...valid.slice(0, 11), 'Agree']], /answers\[11\] must be an object/],
    [
      'a question_id that is a string',
      () => [[{ question_id: '1', answer_text: 'Agree' }, ...valid.slice(1)]],
      /answers\[0\] must be an object/,
    ],
    [
      'a fractional question_id',
      () => [[{ question_id: 1.5, answer_text: 'Agree' }, ...valid.slice(1)]],
      /answers\[0\] must be an object/,
    ],
    [
      'an answer_text that is a number',
      () => [[{ question_id: 1, answer_text: 3 }, ...valid.slice(1)]],
      /answers\[0\] must be an object/,
    ],
    ['a name of 51 characters', () => [valid, 'y'.repeat(51)], /name must be at most 50 characters/],
    ['a 10 KB name', () => [valid, 'z'.repeat(10_240)], /name must be at most 50 characters/],
    [
      'a 10 KB name of SQL and HTML',
      () => [valid, "<b>'; delete from public.responses; --</b>".repeat(250)],
      /name must be at most 50 characters/,
    ],
    ['no submission_id', () => [valid, null, null], /submission_id is required/],
  ];

  it.each(badInputs)('refuses %s with a clear error and changes nothing', async (_label, args, message) => {
    const before = await snapshot(db());
    const [answers, name, id] = args();
    await expect(submit(db(), answers, name ?? null, id === undefined ? randomUUID() : id)).rejects.toMatchObject({
      status: 400,
      body: { code: '22023', message: expect.stringMatching(message) },
    });
    expect(await snapshot(db())).toEqual(before);
  });

  it('refuses a submission_id that is not a uuid', async () => {
    const before = await snapshot(db());
    await expect(submit(db(), valid, null, 'not-a-uuid')).rejects.toMatchObject({
      status: 400,
      body: { code: '22P02' },
    });
    expect(await snapshot(db())).toEqual(before);
  });
});

forEachEngine('response_stats', ({ db }) => {
  it('reports no mean while nobody has answered', async () => {
    expect(await callAsAnon(db(), 'response_stats')).toEqual({
      count: 0,
      love: null,
      duty: null,
      honor: null,
      reason: null,
      batch: 0,
    });
  });

  it("averages every row's values on the results screen's scale, from the raw totals", async () => {
    const random = seededRandom(5);
    const stored: StoredScores[] = [];
    for (let i = 0; i < 30; i++) stored.push(await submit(db(), randomChoices(random), `P${i}`));
    const stats = await callAsAnon<Record<string, number>>(db(), 'response_stats');
    expect(stats.count).toBe(30);
    for (const v of VALUES) {
      const mean = stored.reduce((s, r) => s + resultShares(r)[v], 0) / stored.length;
      expect(stats[v]).toBeCloseTo(mean, 12);
    }
    expect(JSON.stringify(stats)).not.toMatch(/P\d/);
  });
});

describe.runIf(availableEngines().includes('postgres'))('submit_response under concurrency [postgres]', () => {
  it('200 submissions sent 20 at a time leave 200 rows and exact tallies', async () => {
    const fresh = await freshDatabase('postgres', 20);
    try {
      const random = seededRandom(99);
      const sets = Array.from({ length: 200 }, () => randomChoices(random));
      await submitInBatches(fresh.db, sets, 20, (i) => `C${i}`);
      const [row] = await fresh.db.query<{ n: number }>('select count(*)::int as n from public.responses');
      expect(row?.n).toBe(200);
      expect(await tallies(fresh.db)).toEqual(countsOf(sets));
    } finally {
      await fresh.dispose();
    }
  });
});
