/**
 * How a group's map holds up at its ceiling:
 *
 *   npm run bench:groups
 *
 * Creates a throw-away database on the PostgreSQL server of DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), seeds 10,000
 * respondents, puts 1,000 of them in one group, and calls group_map() as
 * the anon role with the owner key and with a member key, printing the
 * median server time (EXPLAIN ANALYZE's "Execution Time", inside the
 * database) and the response size as the RPC route sends it. The database
 * is dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { openPostgres, type Database } from '../server/db/engine.ts';
import { createMigratedScratch } from '../server/db/scratch.ts';
import { callRpc } from '../server/rpc.ts';
import { seedGroup, seedRespondents, vacuumResponses } from './seed.ts';

const RESPONDENTS = 10_000;
const MEMBERS = 1_000;
const CALLS = 25;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function serverTime(db: Database, key: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.exec('set local role anon');
    const [row] = await tx.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
      'explain (analyze, format json) select public.group_map($1)::text',
      [key],
    );
    return row!['QUERY PLAN'][0]['Execution Time'];
  });
}

async function measure(db: Database, label: string, key: string): Promise<void> {
  const bytes = Buffer.byteLength((await callRpc(db, 'group_map', { key })).body);
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) times.push(await serverTime(db, key));
  console.log(`group_map (${label}): ${median(times).toFixed(1)} ms median, ${(bytes / 1024).toFixed(1)} KB`);
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const scratch = await createMigratedScratch(adminUrl);
  const db = await openPostgres(scratch.url);
  try {
    await seedRespondents(db, RESPONDENTS);
    await vacuumResponses(db);
    const memberKey = randomBytes(32).toString('hex');
    const ownerKey = await seedGroup(db, MEMBERS, memberKey);
    const [version] = await db.query<{ v: string }>("select current_setting('server_version') as v");
    console.log(`PostgreSQL ${version?.v}, ${RESPONDENTS} respondents, one group of ${MEMBERS}; ${CALLS} calls each`);
    await measure(db, 'owner key', ownerKey);
    await measure(db, 'member key', memberKey);
  } finally {
    await db.close();
    await scratch.drop();
  }
}

await main();
