/**
 * withdraw_response: the browser that saved a result takes it back with the
 * secret it sent at save time. The row goes, and every public figure
 * afterwards equals a recount from the rows that remain; without the secret
 * nothing changes and the answer says nothing.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import type { AnswerChoice } from '../../src/core/scoring.ts';
import { VALUES } from '../../src/core/values.ts';
import type { Insights, PublishedShares, QuestionShares, ResponseStats } from '../../src/lib/api.ts';
import type { Database } from '../../server/db/engine.ts';
import { callAsAnon, forEachEngine } from '../support/db-engines.ts';
import {
  expectedAggregates,
  expectedAnswerShares,
  rawPoint,
  sortedKeys,
  type ResponseRow,
} from '../support/expected-insights.ts';
import { nthChoices, randomChoices, seededRandom } from '../support/random-answers.ts';
import { callAsClient } from '../support/request.ts';
import { submit, type StoredScores } from '../support/submit.ts';

interface Saved {
  id: string;
  secret: string;
  answers: AnswerChoice[];
  row: ResponseRow;
}

const NOT_WITHDRAWN = { status: 200, body: { withdrawn: false }, headers: [] };

const newSecret = () => randomBytes(32).toString('hex');

async function save(db: Database, answers: AnswerChoice[], name: string | null = null): Promise<Saved> {
  const id = randomUUID();
  const secret = newSecret();
  const s: StoredScores = await submit(db, answers, name, id, secret);
  const row: ResponseRow = {
    name,
    raw: { love: s.love, duty: s.duty, honor: s.honor, reason: s.reason },
    normalized: {
      love: s.love_normalized,
      duty: s.duty_normalized,
      honor: s.honor_normalized,
      reason: s.reason_normalized,
    },
  };
  return { id, secret, answers, row };
}

function withdraw(db: Database, submission_id: unknown, secret: unknown, address: string | null = '198.51.100.4') {
  return callAsClient(db, 'withdraw_response', { submission_id, secret }, address);
}

/** Everything the public figures are made of, as the owner reads it. */
async function everything(db: Database) {
  return {
    responses: await db.query('select * from public.responses order by id'),
    counts: await db.query('select * from public.answer_counts order by question_id, answer_text'),
    summary: await db.query('select * from public.response_summary'),
    quadrants: await db.query('select * from public.response_quadrants order by 1, 2, 3, 4'),
    kept: await db.query(
      `select * from private.withdrawable_answers union all select * from private.withdrawable_answers_recent
       order by answers_key`,
    ),
  };
}

/** Every public figure against a recount from the rows that remain. */
async function expectRecount(db: Database, remaining: readonly Saved[]): Promise<void> {
  const expected = expectedAggregates(remaining.map((s) => s.row));
  const insights = await callAsAnon<Insights>(db, 'insights');
  expect(insights.count).toBe(expected.count);
  expect(insights.quadrants).toEqual(expected.quadrants);
  expect(insights.min).toEqual(expected.min);
  expect(insights.max).toEqual(expected.max);
  const stats = await callAsAnon<ResponseStats>(db, 'response_stats');
  expect(stats.count).toBe(expected.count);
  for (const v of VALUES) {
    if (expected.mean === null) {
      expect(insights.mean).toBeNull();
      expect(stats[v]).toBeNull();
    } else {
      expect(insights.mean?.[v], `mean ${v}`).toBeCloseTo(expected.mean[v], 12);
      expect(stats[v], `stats ${v}`).toBeCloseTo(expected.mean[v], 12);
    }
  }
  expect(insights.points.kind).toBe('all');
  expect(sortedKeys(insights.points.raw)).toEqual(sortedKeys(remaining.map((s) => rawPoint(s.row.raw))));
  const shares = expectedAnswerShares(remaining.map((s) => s.answers));
  const counts = (qs: QuestionShares[]) =>
    qs.map((q) => ({ ...q, answers: q.answers.map((a) => [a.answer_text, a.count]) }));
  expect(counts((await callAsAnon<PublishedShares>(db, 'answer_shares')).questions)).toEqual(counts(shares));
  expect(counts(insights.answer_shares)).toEqual(counts(shares));
}

forEachEngine('withdraw_response', ({ db }) => {
  beforeEach(async () => {
    await db().exec(`
      delete from public.responses;
      update public.answer_counts set count = 0;
      delete from private.withdrawable_answers;
      delete from private.withdrawable_answers_recent;
      delete from private.client_events;
      update private.clock set ahead = interval '0';`);
  });

  it('removes the row with the right secret, and every figure equals a recount, down to no rows', async () => {
    const random = seededRandom(3434);
    const saved: Saved[] = [];
    for (let i = 0; i < 40; i++) saved.push(await save(db(), randomChoices(random), i % 3 ? `Name${i}` : null));
    // The rows holding each extreme go first, so minima and maxima must move.
    const extremes = new Set<Saved>();
    for (const v of VALUES) {
      extremes.add(saved.reduce((a, b) => (b.row.normalized[v] < a.row.normalized[v] ? b : a)));
      extremes.add(saved.reduce((a, b) => (b.row.normalized[v] > a.row.normalized[v] ? b : a)));
    }
    const order = [...extremes, ...saved.filter((s) => !extremes.has(s))];
    let remaining = [...saved];
    for (const [i, gone] of order.entries()) {
      expect(await withdraw(db(), gone.id, gone.secret, `198.51.100.${i}`), `withdrawal ${i}`).toEqual({
        ...NOT_WITHDRAWN,
        body: { withdrawn: true },
      });
      remaining = remaining.filter((s) => s !== gone);
      if (i < 12 || i % 9 === 0 || remaining.length < 2) await expectRecount(db(), remaining);
    }
    expect(await db().query('select count(*)::int as n from public.responses')).toEqual([{ n: 0 }]);
    expect(
      await db().query(
        `select (select count(*) from private.withdrawable_answers)::int
                + (select count(*) from private.withdrawable_answers_recent)::int as n`,
      ),
    ).toEqual([{ n: 0 }]);
    expect(await db().query('select count(*)::int as n from public.answer_counts where count <> 0')).toEqual([
      { n: 0 },
    ]);
  });

  it('changes nothing for a wrong secret, and answers it as an unknown or already withdrawn id', async () => {
    const mine = await save(db(), nthChoices(1), 'Mine');
    const gone = await save(db(), nthChoices(2));
    expect((await withdraw(db(), gone.id, gone.secret)).body).toEqual({ withdrawn: true });
    const before = await everything(db());
    const answers = [
      await withdraw(db(), mine.id, newSecret()),
      await withdraw(db(), mine.id, gone.secret),
      await withdraw(db(), mine.id, mine.secret.toUpperCase()),
      await withdraw(db(), mine.id, ''),
      await withdraw(db(), mine.id, null),
      await withdraw(db(), randomUUID(), mine.secret),
      await withdraw(db(), gone.id, gone.secret),
    ];
    for (const [i, answer] of answers.entries()) expect(answer, `attempt ${i}`).toEqual(NOT_WITHDRAWN);
    expect(await everything(db())).toEqual(before);
    await expectRecount(db(), [mine]);
  });

  it('takes a replayed withdrawal as a harmless no-op', async () => {
    const kept = await save(db(), nthChoices(0));
    const gone = await save(db(), nthChoices(3));
    expect((await withdraw(db(), gone.id, gone.secret)).body).toEqual({ withdrawn: true });
    const after = await everything(db());
    for (let i = 0; i < 3; i++) expect(await withdraw(db(), gone.id, gone.secret)).toEqual(NOT_WITHDRAWN);
    expect(await everything(db())).toEqual(after);
    await expectRecount(db(), [kept]);
  });

  it('stores hashes of the secret only, and keeps a replayed save working', async () => {
    const id = randomUUID();
    const secret = newSecret();
    const first = await submit(db(), nthChoices(2), 'Hashed', id, secret);
    expect(await submit(db(), nthChoices(2), 'Hashed', id, secret)).toEqual(first);
    expect(await submit(db(), nthChoices(2), 'Hashed', id)).toEqual(first);
    const [row] = await db().query<{ hash: string }>(
      "select encode(withdrawal_hash, 'hex') as hash from public.responses where submission_id = $1",
      [id],
    );
    expect(row?.hash).toBe(createHash('sha256').update(secret).digest('hex'));
    const dump = JSON.stringify(await everything(db()));
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(Buffer.from(secret).toString('hex'));
    expect(
      await db().query(
        `select (select count(*) from private.withdrawable_answers)::int
                + (select count(*) from private.withdrawable_answers_recent)::int as n`,
      ),
    ).toEqual([{ n: 1 }]);
    expect((await withdraw(db(), id, secret)).body).toEqual({ withdrawn: true });
  });

  it('refuses a malformed or reused secret at save time and stores nothing', async () => {
    const before = await everything(db());
    for (const secret of ['short', 'x'.repeat(129)]) {
      await expect(submit(db(), nthChoices(0), null, randomUUID(), secret)).rejects.toMatchObject({ status: 400 });
    }
    expect(await everything(db())).toEqual(before);
    const first = await save(db(), nthChoices(0));
    const afterFirst = await everything(db());
    await expect(submit(db(), nthChoices(1), null, randomUUID(), first.secret)).rejects.toMatchObject({ status: 400 });
    expect(await everything(db())).toEqual(afterFirst);
  });

  it('answers 429 per address past 20 withdrawals in 15 minutes, even with the right secret', async () => {
    const mine = await save(db(), nthChoices(4));
    for (let i = 0; i < 20; i++)
      expect(await withdraw(db(), randomUUID(), newSecret(), '203.0.113.9')).toEqual(NOT_WITHDRAWN);
    const before = await everything(db());
    expect(await withdraw(db(), mine.id, mine.secret, '203.0.113.9')).toEqual({
      status: 429,
      body: {
        code: 'PT429',
        message: 'too many withdrawals from this address',
        details: 'At most 20 withdrawals are taken per address within 00:15:00.',
        hint: 'Try again later; the browser keeps the request until then.',
      },
      headers: [],
    });
    expect(await everything(db())).toEqual(before);
    // The window counts each call until its 5-minute step has left it.
    await db().query("update private.clock set ahead = interval '20 minutes'");
    expect((await withdraw(db(), mine.id, mine.secret, '203.0.113.9')).body).toEqual({ withdrawn: true });
  });

  it('limits each address alone', async () => {
    const mine = await save(db(), nthChoices(4));
    for (let i = 0; i < 20; i++) await withdraw(db(), randomUUID(), newSecret(), '203.0.113.10');
    expect((await withdraw(db(), randomUUID(), newSecret(), '203.0.113.10')).status).toBe(429);
    expect((await withdraw(db(), mine.id, mine.secret, '203.0.113.11')).body).toEqual({ withdrawn: true });
  });
});
