/**
 * What a withdrawal promises, read as an operator would read the database
 * (every table, as its owner): a withdrawn id stays withdrawn, and no table
 * links a respondent to their answers, neither by a stored answer list nor
 * by a row's position nor by a tally's time.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { AnswerChoice } from '../../src/core/scoring.ts';
import type { Database } from '../../server/db/engine.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { nthChoices } from '../support/random-answers.ts';
import { callAsClient } from '../support/request.ts';

const ADDRESS = '198.51.100.23';

interface Saved {
  id: string;
  secret: string;
  name: string;
  answers: AnswerChoice[];
}

async function save(db: Database, n: number): Promise<Saved> {
  const saved = {
    id: randomUUID(),
    secret: randomBytes(32).toString('hex'),
    name: `Respondent${randomBytes(4).toString('hex')}`,
    answers: nthChoices(n),
  };
  const answer = await callAsClient(
    db,
    'submit_response',
    { submission_id: saved.id, name: saved.name, answers: saved.answers, withdrawal_secret: saved.secret },
    ADDRESS,
  );
  expect(answer).toMatchObject({ status: 200, body: { submission_id: saved.id } });
  return saved;
}

/** Every table the figures and the withdrawals are made of, as the owner reads them. */
async function stored(db: Database) {
  return {
    responses: await db.query('select * from public.responses order by id'),
    counts: await db.query('select * from public.answer_counts order by question_id, answer_text'),
    summary: await db.query('select * from public.response_summary'),
    quadrants: await db.query('select * from public.response_quadrants order by 1, 2, 3, 4'),
    kept: await db.query('select * from private.withdrawable_answers order by answers_key'),
  };
}

/** A stored value as the bytes it holds, to look for text in it whatever its type. */
function bytesOf(value: unknown): Buffer {
  if (value instanceof Uint8Array) return Buffer.from(value);
  return Buffer.from(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''), 'utf8');
}

forEachEngine('a withdrawal, as an operator reads the database', ({ db }) => {
  it('stays a withdrawal: a replayed save answers as saved and stores nothing', async () => {
    const saved = await save(db(), 2);
    expect(
      await callAsClient(db(), 'withdraw_response', { submission_id: saved.id, secret: saved.secret }, ADDRESS),
    ).toMatchObject({ status: 200, body: { withdrawn: true } });
    const afterWithdrawal = await stored(db());

    const replay = {
      submission_id: saved.id,
      name: saved.name,
      answers: saved.answers,
      withdrawal_secret: saved.secret,
    };
    // From another tab, a copied outbox, another address, or without the secret: the same answer the browser drops its copy on.
    for (const [args, address] of [
      [replay, ADDRESS],
      [replay, '203.0.113.99'],
      [{ ...replay, withdrawal_secret: undefined, name: 'Someone else' }, ADDRESS],
    ] as const) {
      expect(await callAsClient(db(), 'submit_response', args, address)).toMatchObject({
        status: 200,
        body: { submission_id: saved.id },
      });
    }
    expect(await stored(db())).toEqual(afterWithdrawal);
    expect(afterWithdrawal.responses.filter((r) => r.submission_id === saved.id)).toEqual([]);

    // What is kept to recognize it: a hash, neither the id nor the name.
    const tombstones = await db().query<Record<string, unknown>>('select * from private.withdrawn_submissions');
    expect(tombstones.length).toBeGreaterThan(0);
    for (const row of tombstones) {
      for (const value of Object.values(row)) {
        expect(bytesOf(value).includes(saved.name)).toBe(false);
        expect(bytesOf(value).includes(saved.id)).toBe(false);
        expect(bytesOf(value).includes(Buffer.from(saved.id.replaceAll('-', ''), 'hex'))).toBe(false);
      }
    }
  });

  it('keeps no answer readable beside a response, nor in the order the responses were saved', async () => {
    const saved: Saved[] = [];
    for (let n = 0; n < 4; n++) saved.push(await save(db(), n));
    const texts = [...new Set(saved.flatMap((s) => s.answers.map((a) => a.answer_text)))];

    // The positional join: the n-th kept row beside the n-th response.
    // Kept apart until the upkeep moves them (tests/db/save-traces.test.ts), where they lie in the same order.
    const kept = await db().query<Record<string, unknown>>(
      `select * from (select *, 1 as place, ctid from private.withdrawable_answers
                      union all select *, 2, ctid from private.withdrawable_answers_recent) k order by place, ctid`,
    );
    const responses = await db().query<{ withdrawal_hash: Uint8Array }>(
      'select * from public.responses where withdrawal_hash is not null order by id',
    );
    expect(kept.length).toBe(responses.length);
    const readable = kept.flatMap((row) =>
      Object.entries(row).flatMap(([column, value]) =>
        texts.filter((t) => bytesOf(value).includes(t)).map((t) => `${column}: ${t}`),
      ),
    );
    expect(readable).toEqual([]);

    // Nothing stored opens the sealed answers: neither their own key nor any response's hash.
    const keys = [...kept.map((r) => r.answers_key), ...responses.map((r) => r.withdrawal_hash)].map((k) =>
      Buffer.from(k as Uint8Array).toString('hex'),
    );
    for (const row of kept) {
      for (const key of keys) {
        await expect(db().query('select extensions.pgp_sym_decrypt($1::bytea, $2)', [row.sealed, key])).rejects.toThrow(
          /Wrong key or corrupt data/,
        );
      }
    }
  });

  it('keeps no time beside the tallies that would name the latest respondent’s answers', async () => {
    const timed = await db().query<{ column_name: string; data_type: string }>(
      `select column_name, data_type from information_schema.columns
       where table_schema = 'public' and table_name = 'answer_counts'
         and (data_type like 'timestamp%' or data_type in ('date', 'time with time zone', 'time without time zone'))`,
    );
    expect(timed).toEqual([]);
  });

  it('leaves no tally written by a save or a withdrawal alone, so its transaction id names no answers', async () => {
    const tallyTransactions = async () =>
      (await db().query<{ xmin: string }>('select distinct xmin::text as xmin from public.answer_counts')).map(
        (r) => r.xmin,
      );
    await save(db(), 0);
    const latest = await save(db(), 3);
    const [row] = await db().query<{ xmin: string }>(
      'select xmin::text as xmin from public.responses where submission_id = $1',
      [latest.id],
    );
    // Written all in the save's transaction: the tallies it changed are not told from the others.
    expect(await tallyTransactions()).toEqual([row!.xmin]);
    await callAsClient(db(), 'withdraw_response', { submission_id: latest.id, secret: latest.secret }, ADDRESS);
    expect(await tallyTransactions()).toHaveLength(1);
  });
});
