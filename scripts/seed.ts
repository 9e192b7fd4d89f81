/**
 * Fills the configured database with synthetic respondents:
 *
 *   npm run seed -- --respondents 1000000
 *
 * DATABASE_URL picks a PostgreSQL server, else PGlite in DATA_DIR (default
 * .data), migrated first; a data folder another process holds is refused.
 * Every respondent picks one real answer per question at random. Rows go
 * in by batches of 250,000 (one INSERT from arrays each, so the summary
 * trigger runs once per batch), tallies in the same transaction, so the two
 * always agree.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { QUESTIONS } from '../src/core/questions.ts';
import { VALUES, type Value } from '../src/core/values.ts';
import { DataFolderInUseError } from '../server/db/data-folder-lock.ts';
import type { Database, Queryable } from '../server/db/engine.ts';
import { openDatabase } from '../server/db/open.ts';
import { createPrivately } from '../server/db/private-dir.ts';
import { readConfig } from '../server/config.ts';

const FIRST_NAMES = [
  'Ada',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Esme',
  'Farid',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Kiri',
  'Lior',
];
const LAST_NAMES = ['Abara', 'Brandt', 'Costa', 'Dubois', 'Eklund', 'Fontaine', 'Garza', 'Hale', 'Ito', 'Jansen'];

/** The names synthetic respondents draw from: every first name with every last name. */
export const SEED_NAMES: readonly string[] = FIRST_NAMES.flatMap((f) => LAST_NAMES.map((l) => `${f} ${l}`));

/** Share of synthetic respondents who leave the name blank. */
const ANONYMOUS_SHARE = 0.25;

/** Largest batch one call accepts; a bigger database takes several calls. */
const MAX_RESPONDENTS = 10_000_000;

/** Rows per INSERT: large enough to be set-based, small enough for PGlite's memory. */
const BATCH_SIZE = 250_000;

/** A batch of synthetic respondents, column by column, and how often each answer was chosen. */
export interface SeedBatch {
  /** Both ascending: see drawRespondents. */
  submissionIds: string[];
  sampleKeys: number[];
  names: (string | null)[];
  totals: Record<Value, number[]>;
  tallies: { question_id: number; answer_text: string; count: number }[];
}

/** Each question's answer scores as one flat array: [answer * 4 + value index]. */
const FLAT_SCORES = QUESTIONS.map((q) => Float64Array.from(q.answers.flatMap((a) => VALUES.map((v) => a.scores[v]))));

/** Draws count respondents, each picking one real answer per question uniformly at random. */
export function drawRespondents(count: number, random: () => number = Math.random): SeedBatch {
  const totals: Record<Value, number[]> = { love: [], duty: [], honor: [], reason: [] };
  const submissionIds: string[] = [];
  const names: (string | null)[] = [];
  const chosenCounts = QUESTIONS.map((q) => new Array<number>(q.answers.length).fill(0));
  const sum = new Float64Array(VALUES.length);
  for (let i = 0; i < count; i++) {
    // Summed in flat arrays rather than with totalsOf: this loop runs a
    // million times, and every score is a multiple of 0.5, so sums are exact.
    sum.fill(0);
    for (let qi = 0; qi < QUESTIONS.length; qi++) {
      const answers = QUESTIONS[qi]!.answers.length;
      const ai = Math.floor(random() * answers);
      chosenCounts[qi]![ai]! += 1;
      const scores = FLAT_SCORES[qi]!;
      for (let vi = 0; vi < VALUES.length; vi++) sum[vi]! += scores[ai * VALUES.length + vi]!;
    }
    VALUES.forEach((v, vi) => totals[v].push(sum[vi]!));
    submissionIds.push(randomUUID());
    names.push(random() < ANONYMOUS_SHARE ? null : SEED_NAMES[Math.floor(random() * SEED_NAMES.length)]!);
  }
  // Rows go in with ascending random keys, so that each index on a random key
  // (submission_id, sample_key) is filled in one sweep instead of at a random
  // page per row; past the cache's size that is most of a bulk load's cost.
  // Keys stay independent of the answers, so the sample stays uniform.
  submissionIds.sort();
  const sampleKeys = Array.from({ length: count }, () => random()).sort((a, b) => a - b);
  const tallies = QUESTIONS.flatMap((q, qi) =>
    q.answers.map((a, ai) => ({ question_id: q.id, answer_text: a.text, count: chosenCounts[qi]![ai]! })),
  ).filter((t) => t.count > 0);
  return { submissionIds, sampleKeys, names, totals, tallies };
}

// Normalized as submit_response does it, from the database's own constants.
const INSERT_RESPONSES = `
insert into public.responses (
  submission_id, sample_key, name, love, duty, honor, reason,
  love_normalized, duty_normalized, honor_normalized, reason_normalized
)
select t.submission_id, t.sample_key, t.name, t.love, t.duty, t.honor, t.reason,
       t.love / (select k.love_denominator from public.scoring_constants k),
       t.duty / (select k.duty_denominator from public.scoring_constants k),
       t.honor / (select k.honor_denominator from public.scoring_constants k),
       t.reason / (select k.reason_denominator from public.scoring_constants k)
from (
  -- unnest in the select list streams the arrays in step, in their order
  select unnest($1::uuid[]) as submission_id, unnest($2::float8[]) as sample_key,
         unnest($3::text[]) as name,
         unnest($4::float8[]) as love, unnest($5::float8[]) as duty,
         unnest($6::float8[]) as honor, unnest($7::float8[]) as reason
) t`;

const ADD_TALLIES = `
insert into public.answer_counts as ac (question_id, answer_text, count)
select t.question_id, t.answer_text, t.n
from unnest($1::int[], $2::text[], $3::bigint[]) as t(question_id, answer_text, n)
on conflict (question_id, answer_text)
do update set count = ac.count + excluded.count`;

async function insertBatch(tx: Queryable, batch: SeedBatch): Promise<void> {
  const t = batch.totals;
  await tx.query(INSERT_RESPONSES, [
    batch.submissionIds,
    batch.sampleKeys,
    batch.names,
    t.love,
    t.duty,
    t.honor,
    t.reason,
  ]);
  await tx.query(ADD_TALLIES, [
    batch.tallies.map((t) => t.question_id),
    batch.tallies.map((t) => t.answer_text),
    batch.tallies.map((t) => t.count),
  ]);
}

/**
 * Adds count synthetic respondents and their tallies in one transaction:
 * either all of them are stored with their tallies, or none.
 */
export async function seedRespondents(db: Database, count: number, random: () => number = Math.random): Promise<void> {
  if (!Number.isInteger(count) || count < 1 || count > MAX_RESPONDENTS) {
    throw new Error(`the number of respondents must be a whole number from 1 to ${MAX_RESPONDENTS}, not ${count}`);
  }
  await db.transaction(async (tx) => {
    // The planner's guesses for these array inserts are far off, and JIT
    // compiling for them costs more than it saves.
    await tx.exec('set local jit = off');
    for (let done = 0; done < count; done += BATCH_SIZE) {
      await insertBatch(tx, drawRespondents(Math.min(BATCH_SIZE, count - done), random));
    }
  });
}

/** Refreshes planner statistics and the visibility map, as autovacuum would soon after a bulk load. */
export async function vacuumResponses(db: Database): Promise<void> {
  await db.exec('vacuum (analyze) public.responses');
}

/**
 * One group of `members` respondents drawn at random, put in as join_group
 * would put them (each with a member key of its own, `memberKey` the first
 * one's); returns the owner key that opens its map.
 */
export async function seedGroup(
  db: Database,
  members: number,
  memberKey = randomBytes(32).toString('hex'),
): Promise<string> {
  const [group] = await db.query<{ owner_key: string }>(
    `select (public.create_group(to_jsonb('Bench group'::text)) ->> 'owner_key') as owner_key`,
  );
  await db.query(
    `insert into private.group_members (group_id, response_id, member_key_hash)
     select g.id, r.id, private.group_secret_hash('key', case when r.n = 1 then $2 else md5(random()::text) end)
     from private.groups g,
          (select p.id, row_number() over () as n
           from (select id from public.responses order by random() limit $1) p) r`,
    [members, memberKey],
  );
  await db.exec('analyze private.group_members; analyze private.groups');
  return group!.owner_key;
}

const USAGE = 'usage: npm run seed -- --respondents N [--group-members M]   (whole numbers, e.g. 1000000)';

function parseCounts(argv: string[]): { respondents: number; groupMembers: number } {
  const { values } = parseArgs({
    args: argv,
    options: { respondents: { type: 'string' }, 'group-members': { type: 'string' } },
    strict: true,
  });
  const whole = (text: string | undefined) =>
    text !== undefined && /^\d+$/.test(text.replaceAll('_', '')) ? Number(text.replaceAll('_', '')) : undefined;
  const respondents = whole(values.respondents);
  const groupMembers = values['group-members'] === undefined ? 0 : whole(values['group-members']);
  if (respondents === undefined || groupMembers === undefined || groupMembers > respondents) throw new Error(USAGE);
  return { respondents, groupMembers };
}

async function main(): Promise<void> {
  const { respondents: count, groupMembers } = parseCounts(process.argv.slice(2));
  const config = readConfig();
  createPrivately();
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    holder: 'npm run seed',
  }).catch((error: unknown) => {
    if (error instanceof DataFolderInUseError)
      error.message += '\nStop that process, seed, then start the server again.';
    throw error;
  });
  try {
    const started = performance.now();
    await seedRespondents(db, count);
    const seeded = performance.now();
    await vacuumResponses(db);
    const [row] = await db.query<{ n: string }>('select count(*)::text as n from public.responses');
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(
      `seeded ${count.toLocaleString('en-US')} respondents into ${where} in ${((seeded - started) / 1000).toFixed(1)} s ` +
        `(vacuum analyze ${((performance.now() - seeded) / 1000).toFixed(1)} s); ` +
        `${Number(row?.n ?? 0).toLocaleString('en-US')} respondents in all`,
    );
    if (groupMembers > 0) {
      // The one line a bench reads: the key that opens the group's map.
      console.log(`group of ${groupMembers} members, owner key: ${await seedGroup(db, groupMembers)}`);
    }
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
