/**
 * How insights() holds up as respondents grow:
 *
 *   npm run bench:insights
 *
 * Creates a throw-away database on the PostgreSQL server of DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), seeds it to 10,000,
 * 100,000 and 1,000,000 respondents, and at each size calls insights() and
 * hidden_page_insights() as the anon role, printing the median server time (the
 * "Execution Time" of EXPLAIN ANALYZE, i.e. inside the database, without the
 * network) and the response size in bytes as the RPC route sends it. It also
 * checks the figures against a full scan of the table. The database is
 * dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import type { Insights } from '../src/lib/api.ts';
import { QUADRANT_PAIRS } from '../src/core/scoring.ts';
import { QUADRANT_SPLIT, VALUES } from '../src/core/values.ts';
import { openPostgres, type Database } from '../server/db/engine.ts';
import { createMigratedScratch } from '../server/db/scratch.ts';
import { callRpc } from '../server/rpc.ts';
import { seedRespondents, vacuumResponses } from './seed.ts';

const SIZES = [10_000, 100_000, 1_000_000];
const CALLS = 25;
const PASSWORD = randomBytes(12).toString('base64url');

const QUADRANT_SIDES = [
  ['high_high', '>=', '>='],
  ['high_low', '>=', '<'],
  ['low_high', '<', '>='],
  ['low_low', '<', '<'],
] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Server-side time of one call, as the anon role, in milliseconds. */
async function serverTime(db: Database, call: string, params: unknown[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.exec('set local role anon');
    const [row] = await tx.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
      `explain (analyze, format json) select ${call}::text`,
      params,
    );
    return row!['QUERY PLAN'][0]['Execution Time'];
  });
}

interface Measured {
  medianMs: number;
  bytes: number;
}

async function measure(db: Database, fn: string, args: Record<string, unknown>, call: string, params: unknown[]) {
  const bytes = Buffer.byteLength((await callRpc(db, fn, args)).body);
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) times.push(await serverTime(db, call, params));
  return { medianMs: median(times), bytes } satisfies Measured;
}

/** Compares insights() with the same figures computed by scanning every row. */
async function checkExact(db: Database): Promise<string> {
  const insights = JSON.parse((await callRpc(db, 'insights', {})).body) as Insights;
  const [scan] = await db.query<Record<string, number | string>>(
    `select count(*)::int as count,
            ${VALUES.map(
              (v) => `avg(${v}_normalized) as mean_${v},
                      min(${v}_normalized) as min_${v}, max(${v}_normalized) as max_${v}`,
            ).join(',\n')},
            ${QUADRANT_PAIRS.flatMap(([a, b]) =>
              QUADRANT_SIDES.map(
                ([key, sa, sb]) =>
                  `count(*) filter (where ${a}_normalized ${sa} ${QUADRANT_SPLIT} and ${b}_normalized ${sb} ${QUADRANT_SPLIT})::int as ${a}_${b}_${key}`,
              ),
            ).join(',\n')}
       from public.responses`,
  );
  const problems: string[] = [];
  if (insights.count !== scan!.count) problems.push('count');
  for (const v of VALUES) {
    if (Math.abs(insights.mean![v] - Number(scan![`mean_${v}`])) > 1e-12) problems.push(`mean ${v}`);
    if (insights.min![v] !== scan![`min_${v}`]) problems.push(`min ${v}`);
    if (insights.max![v] !== scan![`max_${v}`]) problems.push(`max ${v}`);
  }
  insights.quadrants.forEach((q, i) => {
    const [a, b] = QUADRANT_PAIRS[i]!;
    for (const [key] of QUADRANT_SIDES) {
      if (q[key] !== scan![`${a}_${b}_${key}`]) problems.push(`${a}/${b} ${key}`);
    }
  });
  return problems.length ? `DIFFERS: ${problems.join(', ')}` : 'equal to a full scan';
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const scratch = await createMigratedScratch(adminUrl);
  const name = new URL(scratch.url).pathname.slice(1);
  const db = await openPostgres(scratch.url);
  try {
    await db.query('select public.set_hidden_page_password($1)', [PASSWORD]);
    const [version] = await db.query<{ v: string }>("select current_setting('server_version') as v");
    console.log(`PostgreSQL ${version?.v}, throw-away database ${name}; ${CALLS} calls per figure, as role anon`);
    console.log('server time = EXPLAIN ANALYZE execution time inside the database; size = RPC response body\n');
    let seeded = 0;
    for (const size of SIZES) {
      const added = size - seeded;
      const started = performance.now();
      await seedRespondents(db, added);
      const seedSeconds = (performance.now() - started) / 1000;
      seeded = size;
      await vacuumResponses(db);
      const open = await measure(db, 'insights', {}, 'public.insights()', []);
      const secret = await measure(
        db,
        'hidden_page_insights',
        { password: PASSWORD },
        'public.hidden_page_insights($1)',
        [PASSWORD],
      );
      const search = await measure(
        db,
        'find_respondents',
        { password: PASSWORD, query: 'ada' },
        'public.find_respondents($1, $2)',
        [PASSWORD, 'ada'],
      );
      console.log(
        `${size.toLocaleString('en-US')} respondents (seeded ${added.toLocaleString('en-US')} more in ${seedSeconds.toFixed(1)} s)`,
      );
      console.log(
        `  insights()              median ${open.medianMs.toFixed(1)} ms, ${open.bytes.toLocaleString('en-US')} bytes`,
      );
      console.log(
        `  hidden_page_insights(pw)     median ${secret.medianMs.toFixed(1)} ms, ${secret.bytes.toLocaleString('en-US')} bytes (includes the bcrypt check)`,
      );
      console.log(
        `  find_respondents('ada') median ${search.medianMs.toFixed(1)} ms, ${search.bytes.toLocaleString('en-US')} bytes`,
      );
      console.log(`  aggregates: ${await checkExact(db)}`);
    }
  } finally {
    await db.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
