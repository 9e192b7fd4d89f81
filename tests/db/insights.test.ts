import { beforeAll, describe, expect, it } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { resultShares, type AnswerChoice } from '../../src/core/scoring.ts';
import { VALUES } from '../../src/core/values.ts';
import type { Insights, PublishedShares, QuestionShares, ResponseStats } from '../../src/lib/api.ts';
import type { Database } from '../../server/db/engine.ts';
import { asAnon, availableEngines, callAsAnon, forEachEngine, freshDatabase } from '../support/db-engines.ts';
import {
  expectedAggregates,
  expectedAnswerShares,
  rawPoint,
  sortedKeys,
  type ExpectedAggregates,
  type ResponseRow,
} from '../support/expected-insights.ts';
import { randomChoices, seededRandom } from '../support/random-answers.ts';
import { callAsClient } from '../support/request.ts';
import { submit, submitInBatches, type StoredScores } from '../support/submit.ts';

function rowOf(name: string | null, s: Omit<StoredScores, 'submission_id'>): ResponseRow {
  return {
    name,
    raw: { love: s.love, duty: s.duty, honor: s.honor, reason: s.reason },
    normalized: {
      love: s.love_normalized,
      duty: s.duty_normalized,
      honor: s.honor_normalized,
      reason: s.reason_normalized,
    },
  };
}

/** Every row as the owner reads it, for checks after set-based inserts. */
async function allRows(db: Database): Promise<ResponseRow[]> {
  const rows = await db.query<Omit<StoredScores, 'submission_id'> & { name: string | null }>(
    `select name, love, duty, honor, reason,
            love_normalized, duty_normalized, honor_normalized, reason_normalized
       from public.responses`,
  );
  return rows.map((r) => rowOf(r.name, r));
}

function expectAggregates(actual: Insights, expected: ExpectedAggregates): void {
  expect(actual.count).toBe(expected.count);
  expect(actual.quadrants).toEqual(expected.quadrants);
  expect(actual.min).toEqual(expected.min);
  expect(actual.max).toEqual(expected.max);
  if (expected.mean === null) {
    expect(actual.mean).toBeNull();
    return;
  }
  for (const v of VALUES) expect(actual.mean?.[v], `mean ${v}`).toBeCloseTo(expected.mean[v], 12);
}

function expectShares(actual: QuestionShares[], expected: QuestionShares[]): void {
  expect(actual.map((q) => ({ ...q, answers: q.answers.map(({ share: _, ...a }) => a) }))).toEqual(
    expected.map((q) => ({ ...q, answers: q.answers.map(({ share: _, ...a }) => a) })),
  );
  actual.forEach((q, qi) =>
    q.answers.forEach((a, ai) => expect(a.share).toBeCloseTo(expected[qi]!.answers[ai]!.share, 12)),
  );
}

const PASSWORD = 'correct horse battery staple';

async function setPassword(db: Database, password = PASSWORD): Promise<void> {
  await db.query('select public.set_hidden_page_password($1)', [password]);
}

/** The status and body of a call that must fail, as the HTTP route would send them. */
async function rpcError(db: Database, fn: string, args: Record<string, unknown>) {
  const { status, body } = await callAsClient(db, fn, args, null);
  if (status < 400) throw new Error(`${fn} did not fail`);
  return { status, body };
}

// ---------------------------------------------------------------------------

forEachEngine('insights with no respondents', ({ db }) => {
  it('says so: zero counts, no means, no points, every answer at 0', async () => {
    const insights = await callAsAnon<Insights>(db(), 'insights');
    expectAggregates(insights, expectedAggregates([]));
    expect(insights.points).toEqual({ kind: 'all', total: 0, raw: [] });
    expectShares(insights.answer_shares, expectedAnswerShares([]));
    expect(await callAsAnon<ResponseStats>(db(), 'response_stats')).toEqual({
      count: 0,
      love: null,
      duty: null,
      honor: null,
      reason: null,
      batch: 0,
    });
  });

  it("gives a single respondent's own results screen shares as the means, minima and maxima, to the last digit", async () => {
    const stored = await submit(db(), randomChoices(seededRandom(19)), null);
    const { raw, normalized } = rowOf(null, stored);
    const shares = resultShares(raw);
    // Reason is read over 15, not over the 17 it is saved with.
    expect(shares.reason).not.toBe(normalized.reason);
    const insights = await callAsAnon<Insights>(db(), 'insights');
    expect(insights.mean).toEqual(shares);
    expect(insights.min).toEqual(shares);
    expect(insights.max).toEqual(shares);
    // The tests' databases publish every save: this one is the first batch.
    expect(await callAsAnon<ResponseStats>(db(), 'response_stats')).toEqual({ count: 1, ...shares, batch: 1 });
  });
});

forEachEngine('insights over 300 submitted responses', ({ db }) => {
  const rows: ResponseRow[] = [];
  const answerSets: AnswerChoice[][] = [];
  // Names no aggregate could ever contain by accident.
  const nameOf = (i: number) => (i % 4 === 0 ? null : `Quillfeather${String(i).padStart(3, '0')}`);

  beforeAll(async () => {
    await setPassword(db());
    const random = seededRandom(4242);
    for (let i = 0; i < 300; i++) {
      const answers = randomChoices(random);
      answerSets.push(answers);
      rows.push(rowOf(nameOf(i), await submit(db(), answers, nameOf(i))));
    }
  });

  it('gives count, means, minima, maxima and quadrant counts equal to those computed from the rows', async () => {
    const insights = await callAsAnon<Insights>(db(), 'insights');
    expectAggregates(insights, expectedAggregates(rows));
  });

  it('sends every point, as raw totals, while there are at most 5,000', async () => {
    const { points } = await callAsAnon<Insights>(db(), 'insights');
    expect(points.kind).toBe('all');
    expect(points.total).toBe(300);
    expect(sortedKeys(points.raw)).toEqual(sortedKeys(rows.map((r) => rawPoint(r.raw))));
  });

  it('gives each answer its count and share of its question, in quiz order, from the tallies', async () => {
    const expected = expectedAnswerShares(answerSets);
    expectShares((await callAsAnon<Insights>(db(), 'insights')).answer_shares, expected);
    expectShares((await callAsAnon<PublishedShares>(db(), 'answer_shares')).questions, expected);
    for (const q of expected) expect(q.total).toBe(300);
  });

  it('answers response_stats from the same summary', async () => {
    const stats = await callAsAnon<ResponseStats>(db(), 'response_stats');
    const { mean } = expectedAggregates(rows);
    expect(stats.count).toBe(300);
    for (const v of VALUES) expect(stats[v]).toBeCloseTo(mean![v], 12);
  });

  it('never returns a name on any anonymous path', async () => {
    const names = rows.map((r) => r.name).filter((n): n is string => n !== null);
    expect(names.length).toBeGreaterThan(200);
    const submitted = await submit(db(), answerSets[0]!, 'Quillfeather999');
    rows.push(rowOf('Quillfeather999', submitted));
    answerSets.push(answerSets[0]!);
    const bodies = [
      JSON.stringify(submitted),
      JSON.stringify(await callAsAnon(db(), 'insights')),
      JSON.stringify(await callAsAnon(db(), 'answer_shares')),
      JSON.stringify(await callAsAnon(db(), 'response_stats')),
    ];
    for (const body of bodies) {
      expect(body).not.toContain('Quillfeather');
      expect(body).not.toContain('"name"');
    }
  });

  it('gives the password holder the same figures and each point with its name', async () => {
    const current = await allRows(db());
    const secret = await callAsAnon<Insights & { points: { names: (string | null)[] } }>(db(), 'hidden_page_insights', {
      password: PASSWORD,
    });
    const open = await callAsAnon<Insights>(db(), 'insights');
    // The hidden page reads every row as it is, not a published batch.
    expect(secret.batch).toBeNull();
    expect({ ...secret, points: undefined, batch: undefined }).toEqual({
      ...open,
      points: undefined,
      batch: undefined,
    });
    expect(secret.points.raw).toEqual(open.points.raw);
    expect(secret.points.names).toHaveLength(secret.points.raw.length);
    const named = secret.points.raw.map((raw, i) => ({ raw, name: secret.points.names[i] }));
    expect(sortedKeys(named)).toEqual(sortedKeys(current.map((r) => ({ raw: rawPoint(r.raw), name: r.name }))));
  });

  it('keeps the summary exact when the owner deletes rows', async () => {
    const before = await callAsAnon<Insights>(db(), 'insights');
    await db().exec(`
      delete from public.responses
       where love_normalized = (select max(love_normalized) from public.responses);`);
    const insights = await callAsAnon<Insights>(db(), 'insights');
    expect(insights.count).toBeLessThan(before.count);
    expectAggregates(insights, expectedAggregates(await allRows(db())));
  });

  it('keeps the summary exact when the owner changes the scores of rows', async () => {
    const before = await callAsAnon<Insights>(db(), 'insights');
    // Raw and normalized together, as a corrected score would be: the sums, the maximum and the quadrants all move.
    await db().exec(`
      update public.responses set love = love + 10, love_normalized = love_normalized + 10.0 / 19 where id % 3 = 0;`);
    // A change by hand is no save: its owner publishes it (docs/retention.md, "Published in batches").
    await db().query('select private.publish()');
    const insights = await callAsAnon<Insights>(db(), 'insights');
    expect(insights.count).toBe(before.count);
    expect(insights.max?.love).not.toBe(before.max?.love);
    expectAggregates(insights, expectedAggregates(await allRows(db())));
  });
});

forEachEngine('the hidden page password', ({ db }) => {
  it('refuses a wrong, empty or missing password with one error, whether or not any name exists', async () => {
    const noPasswordSet = await rpcError(db(), 'hidden_page_insights', { password: 'anything at all' });
    await setPassword(db());
    const empty = await Promise.all([
      rpcError(db(), 'hidden_page_insights', { password: 'wrong password' }),
      rpcError(db(), 'hidden_page_insights', { password: '' }),
      rpcError(db(), 'hidden_page_insights', { password: null }),
      rpcError(db(), 'find_respondents', { password: 'wrong password', query: 'a' }),
      rpcError(db(), 'find_respondents', { password: 'wrong password', query: '' }),
    ]);
    await submit(db(), randomChoices(seededRandom(1)), 'Secretive Sam');
    await submit(db(), randomChoices(seededRandom(2)), null);
    const named = await Promise.all([
      rpcError(db(), 'hidden_page_insights', { password: 'wrong password' }),
      rpcError(db(), 'find_respondents', { password: 'wrong password', query: 'Sam' }),
      rpcError(db(), 'find_respondents', { password: 'wrong password', query: 'nobody' }),
      rpcError(db(), 'find_respondents', { password: PASSWORD.toUpperCase(), query: 'Sam' }),
    ]);
    for (const e of [noPasswordSet, ...empty, ...named]) {
      expect(e).toEqual({
        status: 403,
        body: { code: '28P01', message: 'invalid password', details: null, hint: null },
      });
      expect(JSON.stringify(e)).not.toContain('Sam');
    }
  });

  it('stores the password only as a bcrypt hash', async () => {
    await setPassword(db(), 'a quite different secret');
    const rows = await db().query<{ password_hash: string; matches: boolean }>(
      `select password_hash, password_hash = extensions.crypt($1, password_hash) as matches
         from public.hidden_page_secret`,
      ['a quite different secret'],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password_hash).toMatch(/^\$2[abxy]?\$\d\d\$/);
    expect(rows[0]!.password_hash).not.toContain('a quite different secret');
    expect(rows[0]!.matches).toBe(true);
    expect(await callAsClient(db(), 'hidden_page_insights', { password: PASSWORD }, null)).toMatchObject({
      status: 403,
      body: { code: '28P01', message: 'invalid password' },
    });
    await expect(
      callAsAnon(db(), 'hidden_page_insights', { password: 'a quite different secret' }),
    ).resolves.toMatchObject({
      count: 2,
    });
  });

  it('lets only the owner and service_role set the password', async () => {
    await expect(
      asAnon(db(), 'select public.set_hidden_page_password($1)', ['an attacker password']),
    ).rejects.toMatchObject({ code: '42501' });
    const [row] = await db().query<{ anon: boolean; authenticated: boolean; service: boolean }>(
      `select has_function_privilege('anon', 'public.set_hidden_page_password(text)', 'execute') as anon,
              has_function_privilege('authenticated', 'public.set_hidden_page_password(text)', 'execute') as authenticated,
              has_function_privilege('service_role', 'public.set_hidden_page_password(text)', 'execute') as service`,
    );
    expect(row).toEqual({ anon: false, authenticated: false, service: true });
  });
});

forEachEngine('find_respondents', ({ db }) => {
  const NAMES = ['Ada Lovelace', 'ADA BYRNE', 'Mark a_c', 'Mark abc', '100% Sure', "O'Brien", 'back\\slash', 'Plain'];
  const stored = new Map<string, StoredScores>();
  type Matches = { total: number; matches: { name: string; raw: number[] }[] };
  const find = (query: string) => callAsAnon<Matches>(db(), 'find_respondents', { password: PASSWORD, query });
  const namesFound = async (query: string) => (await find(query)).matches.map((m) => m.name).sort();

  beforeAll(async () => {
    await setPassword(db());
    const random = seededRandom(77);
    for (const name of NAMES) stored.set(name, await submit(db(), randomChoices(random), name));
    await submit(db(), randomChoices(random), null);
  });

  it('matches names case-insensitively and returns each with its raw totals', async () => {
    expect(await namesFound('ada')).toEqual(['ADA BYRNE', 'Ada Lovelace']);
    const { total, matches } = await find('lOVELACE');
    expect(total).toBe(1);
    const s = stored.get('Ada Lovelace')!;
    expect(matches).toEqual([{ name: 'Ada Lovelace', raw: [s.love, s.duty, s.honor, s.reason] }]);
  });

  it('treats %, _, quotes and backslashes as plain characters', async () => {
    expect(await namesFound('%')).toEqual(['100% Sure']);
    expect(await namesFound('a_c')).toEqual(['Mark a_c']);
    expect(await namesFound('_')).toEqual(['Mark a_c']);
    expect(await namesFound("o'b")).toEqual(["O'Brien"]);
    expect(await namesFound('\\')).toEqual(['back\\slash']);
    expect(await find('nobody by that name')).toEqual({ total: 0, matches: [] });
  });

  it('caps the matches at 200 but counts them all', async () => {
    await db().exec(`
      insert into public.responses (submission_id, name, love, duty, honor, reason,
                                    love_normalized, duty_normalized, honor_normalized, reason_normalized)
      select gen_random_uuid(), 'Many ' || g, 1, 1, 1, 1, 1.0 / 19, 1.0 / 17, 1.0 / 14, 1.0 / 17
      from generate_series(1, 250) g;`);
    const { total, matches } = await find('MANY');
    expect(total).toBe(250);
    expect(matches).toHaveLength(200);
    expect(matches.every((m) => m.name.startsWith('Many '))).toBe(true);
  });

  it('rejects an empty or blank query with a clear error', async () => {
    for (const query of ['', '   ', null]) {
      await expect(callAsAnon(db(), 'find_respondents', { password: PASSWORD, query })).rejects.toMatchObject({
        status: 400,
        body: { code: '22023', message: 'query must not be empty' },
      });
    }
  });
});

forEachEngine('insights past 5,000 respondents', ({ db }) => {
  beforeAll(async () => {
    await setPassword(db());
    const { seedRespondents } = await import('../../scripts/seed.ts');
    await seedRespondents(db(), 6000, seededRandom(6000));
  });

  it('sends a labelled sample of 5,000 real points and still exact aggregates over all 6,000', async () => {
    const rows = await allRows(db());
    expect(rows).toHaveLength(6000);
    const insights = await callAsAnon<Insights>(db(), 'insights');
    expectAggregates(insights, expectedAggregates(rows));
    expect(insights.points.kind).toBe('sample');
    expect(insights.points.total).toBe(6000);
    expect(insights.points.raw).toHaveLength(5000);
    const available = new Map<string, number>();
    for (const r of rows) {
      const key = JSON.stringify(rawPoint(r.raw));
      available.set(key, (available.get(key) ?? 0) + 1);
    }
    for (const p of insights.points.raw) {
      const key = JSON.stringify(p);
      expect(available.get(key) ?? 0, key).toBeGreaterThan(0);
      available.set(key, available.get(key)! - 1);
    }
  });

  it('keeps answer shares consistent with the rows: every question tallies 6,000 answers', async () => {
    const shares = (await callAsAnon<PublishedShares>(db(), 'answer_shares')).questions;
    expect(shares.map((q) => q.question_id)).toEqual(QUESTIONS.map((q) => q.id));
    for (const q of shares) {
      expect(q.total).toBe(6000);
      expect(q.answers.reduce((s, a) => s + a.count, 0)).toBe(6000);
      expect(q.answers.reduce((s, a) => s + a.share, 0)).toBeCloseTo(1, 12);
    }
  });

  it('names exactly the sampled points for the password holder', async () => {
    const secret = await callAsAnon<Insights & { points: { names: (string | null)[] } }>(db(), 'hidden_page_insights', {
      password: PASSWORD,
    });
    const open = await callAsAnon<Insights>(db(), 'insights');
    expect(secret.points.raw).toEqual(open.points.raw);
    expect(secret.points.names).toHaveLength(5000);
    const rows = await allRows(db());
    const available = new Set(rows.map((r) => JSON.stringify({ raw: rawPoint(r.raw), name: r.name })));
    secret.points.raw.forEach((raw, i) =>
      expect(available.has(JSON.stringify({ raw, name: secret.points.names[i] }))).toBe(true),
    );
  });
});

forEachEngine('insights privileges', ({ db }) => {
  it('gives anon no access to the summary table', async () => {
    for (const sql of [
      'select * from public.response_summary',
      'update public.response_summary set respondents = 0',
      'delete from public.response_summary',
      'insert into public.response_summary default values',
    ]) {
      await expect(asAnon(db(), sql), sql).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('keeps the helper functions out of anon reach', async () => {
    for (const sql of [
      'select private.insights_json(true)',
      "select private.hidden_page_refusal('x', null)",
      'select private.refresh_response_summary()',
    ]) {
      await expect(asAnon(db(), sql), sql).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('lets anon execute the four insights functions', async () => {
    const [row] = await db().query<Record<string, boolean>>(
      `select has_function_privilege('anon', 'public.insights()', 'execute') as insights,
              has_function_privilege('anon', 'public.answer_shares()', 'execute') as answer_shares,
              has_function_privilege('anon', 'public.hidden_page_insights(text, text)', 'execute') as hidden_page_insights,
              has_function_privilege('anon', 'public.find_respondents(text, text, text)', 'execute') as find_respondents`,
    );
    expect(row).toEqual({ insights: true, answer_shares: true, hidden_page_insights: true, find_respondents: true });
  });
});

describe.runIf(availableEngines().includes('postgres'))('insights under concurrent submissions [postgres]', () => {
  it('keeps the summary exact when 200 submissions arrive 40 at a time, with no deadlock', async () => {
    const fresh = await freshDatabase('postgres', 40);
    try {
      const random = seededRandom(31);
      const sets = Array.from({ length: 200 }, () => randomChoices(random));
      await submitInBatches(fresh.db, sets, 40, (i) => `Concurrent ${i}`);
      const insights = await callAsAnon<Insights>(fresh.db, 'insights');
      expectAggregates(insights, expectedAggregates(await allRows(fresh.db)));
      expect(insights.count).toBe(200);
      expectShares(insights.answer_shares, expectedAnswerShares(sets));
    } finally {
      await fresh.dispose();
    }
  });
});
