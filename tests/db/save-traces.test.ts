/**
 * A reader of the database with full SQL, after the hourly upkeep, tries to
 * pair a saved name with its 12 answers or its address: through a shared
 * transaction id (xmin, which VACUUM FULL keeps), through the rows' physical
 * order, and through the order of transaction ids. Before the upkeep the
 * same reader succeeds, which is what /privacy says.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { AnswerChoice } from '../../src/core/scoring.ts';
import type { Database } from '../../server/db/engine.ts';
import { eraseExpiredNamesHourly } from '../../server/retention.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { randomChoices, seededRandom } from '../support/random-answers.ts';
import { callAsClient } from '../support/request.ts';

interface Saved {
  name: string;
  address: string;
  answers: AnswerChoice[];
}

async function saveAll(db: Database, count: number, seed: number): Promise<Saved[]> {
  const random = seededRandom(seed);
  const saved: Saved[] = [];
  for (let i = 0; i < count; i++) {
    const s = {
      name: `Traced${randomBytes(4).toString('hex')}`,
      address: `203.0.113.${i + 1}`,
      answers: randomChoices(random),
    };
    const answer = await callAsClient(
      db,
      'submit_response',
      {
        submission_id: randomUUID(),
        name: s.name,
        answers: s.answers,
        withdrawal_secret: randomBytes(32).toString('hex'),
      },
      s.address,
    );
    expect(answer).toMatchObject({ status: 200 });
    saved.push(s);
  }
  return saved;
}

const key = (a: { question_id: number; answer_text: string }) => `${a.question_id}:${a.answer_text}`;

/** Every table of ours with a row that shares its transaction id with a response, and the names it pairs. */
async function sharedXmin(db: Database): Promise<Record<string, string[]>> {
  const tables = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'private') and c.relname <> 'responses' order by 1`,
  );
  const found: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await db.query<{ name: string | null }>(
      `select distinct r.name from public.responses r join ${name} t on t.xmin = r.xmin`,
    );
    if (rows.length > 0) found[name] = rows.map((r) => r.name ?? '(anonymous)');
  }
  return found;
}

/** The tallies in the order they lie in the file. */
async function talliesByPlace(db: Database): Promise<string[]> {
  const rows = await db.query<{ question_id: number; answer_text: string }>(
    'select question_id, answer_text from public.answer_counts order by ctid',
  );
  return rows.map(key);
}

forEachEngine('what a save leaves in the database, read with full SQL', ({ db }) => {
  it('pairs the latest save with its answers and address before the upkeep, and nothing after it', async () => {
    const saved = await saveAll(db(), 12, 52);
    const last = saved.at(-1)!;

    // Before the upkeep: every tally carries the latest save's transaction.
    const before = await sharedXmin(db());
    expect(before['public.answer_counts']).toEqual([last.name]);
    // Each save counted its own address, and sealed its answers, in its own transaction.
    const everyName = saved.map((s) => s.name).sort();
    expect(before['private.client_event_counts']?.sort()).toEqual(everyName);
    const sealedBy = before['private.withdrawable_answers_recent'] ?? before['private.withdrawable_answers'];
    expect(sealedBy?.sort()).toEqual(everyName);

    const upkeep = await eraseExpiredNamesHourly(db(), { log: { info: () => undefined, error: expect.fail } });
    upkeep.stop();

    // After it: no row of any table shares a response's transaction.
    expect(await sharedXmin(db())).toEqual({});
    // The tallies, the sealed answers and the throttles' counts each come from one transaction, none a save's.
    for (const table of ['public.answer_counts', 'private.withdrawable_answers', 'private.client_event_counts']) {
      const [row] = await db().query<{ writers: number; saves: number }>(
        `select count(distinct t.xmin::text)::int as writers,
                (select count(*)::int from public.responses r where r.xmin::text in (select t2.xmin::text from ${table} t2)) as saves
         from ${table} t`,
      );
      expect({ table, ...row }).toEqual({ table, writers: 1, saves: 0 });
    }
    // Their order in the file is their keys' order, which no save decides.
    const tallies = await talliesByPlace(db());
    const sorted = await db().query<{ question_id: number; answer_text: string }>(
      'select question_id, answer_text from public.answer_counts order by question_id, answer_text',
    );
    expect(tallies).toEqual(sorted.map(key));
    for (const [table, columns] of [
      ['private.withdrawable_answers', 'answers_key'],
      ['private.client_event_counts', 'client_address, kind, bucket_end'],
    ] as const) {
      const [order] = await db().query<{ same: boolean }>(
        `select array_agg(ctid order by ctid) = array_agg(ctid order by ${columns}) as same from ${table}`,
      );
      expect({ table, ...order }).toEqual({ table, same: true });
    }
    expect(await db().query('select * from private.withdrawable_answers_recent')).toEqual([]);
    // Every count is kept.
    const counts = await db().query<{ question_id: number; answer_text: string; count: string }>(
      'select question_id, answer_text, count::text from public.answer_counts where count > 0',
    );
    const expected = new Map<string, number>();
    for (const s of saved) for (const a of s.answers) expected.set(key(a), (expected.get(key(a)) ?? 0) + 1);
    expect(new Map(counts.map((c) => [key(c), Number(c.count)]))).toEqual(expected);
  });
});
