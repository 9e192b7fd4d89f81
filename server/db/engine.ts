/**
 * One small interface over the two engines the backend runs on: embedded
 * PGlite (a fresh machine's default) and a real PostgreSQL server.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import { PrivateNodeFS } from './private-dir.ts';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements at once, no parameters. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs fn on one connection, outside a transaction; the settings it makes end with it. */
  session<T>(fn: (connection: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to open copies of it quickly. */
  snapshot?(): Promise<Blob>;
  /**
   * pg_dump's plain SQL for the given pg_dump arguments (tables, --data-only…),
   * read in one snapshot: PGlite's own build of it on PGlite, the machine's
   * pg_dump on PostgreSQL.
   */
  dump(args: string[]): Promise<string>;
}

function pgliteQueryable(db: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

/**
 * PGlite runs as a single-user backend: nothing checkpoints on its own, so the
 * WAL grew until the next start (server/retention.ts checkpoints it). A WAL
 * segment no checkpoint needs is deleted rather than kept for reuse, so that
 * what a removed row's insert wrote leaves the disk with it.
 */
const PGLITE_WAL_SETTINGS = ['-c', 'wal_recycle=off', '-c', 'min_wal_size=32MB', '-c', 'max_wal_size=64MB'];

/**
 * PGlite keeps its files in dataDir; without one it lives in memory. Starting
 * from a snapshot skips initdb, which is most of PGlite's start-up time.
 */
export async function openPglite(dataDir?: string, fromSnapshot?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    fs: dataDir ? new PrivateNodeFS(dataDir) : undefined,
    extensions: { pgcrypto },
    loadDataDir: fromSnapshot,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_WAL_SETTINGS],
  });
  const direct = pgliteQueryable(db);
  // PGlite has one connection and runs calls one at a time anyway. pg_dump
  // speaks on that same connection, so it must never start inside a
  // transaction under way (its own BEGIN would fail, and its COMMIT would end
  // the other): every call takes this turn, and a dump takes it alone.
  let turn: Promise<unknown> = Promise.resolve();
  const alone = <T>(fn: () => Promise<T>): Promise<T> => {
    const mine = turn.then(fn, fn);
    turn = mine.catch(() => undefined);
    return mine;
  };
  return {
    engine: 'pglite',
    query: (sql, params) => alone(() => direct.query(sql, params)),
    exec: (sql) => alone(() => direct.exec(sql)),
    transaction: (fn) => alone(() => db.transaction((tx) => fn(pgliteQueryable(tx)))),
    session: (fn) =>
      alone(async () => {
        try {
          return await fn(direct);
        } finally {
          await db.exec('reset all');
        }
      }),
    close: () => alone(() => db.close()),
    snapshot: () => alone(() => db.dumpDataDir('none')),
    // pg_dump leaves its read-only transaction open and its settings (an
    // empty search_path, row security off) on the one connection the server
    // shares: end both, or every later call would run read-only under them.
    dump: (args) =>
      alone(async () => {
        try {
          return await (await pgDump({ pg: db, args })).text();
        } finally {
          if (db.isInTransaction()) await db.exec('rollback');
          await db.exec('reset all');
        }
      }),
  };
}

/** The exit code and what a child process wrote. */
function run(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? 1, out: Buffer.concat(out).toString('utf8'), err: Buffer.concat(err).toString('utf8') }),
    );
  });
}

/**
 * libpq's variables for a connection string, so that its password never
 * stands on a command line (where any user of the machine can read it).
 */
function libpqEnvironment(connectionString: string): NodeJS.ProcessEnv {
  const url = new URL(connectionString);
  const env: NodeJS.ProcessEnv = {
    PGHOST: decodeURIComponent(url.hostname.replace(/^\[(.*)\]$/, '$1')),
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)) || undefined,
    PGUSER: decodeURIComponent(url.username) || undefined,
    PGPASSWORD: decodeURIComponent(url.password) || undefined,
    PGSSLMODE: url.searchParams.get('sslmode') ?? undefined,
  };
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
}

async function postgresDump(connectionString: string, args: string[]): Promise<string> {
  const env = { PATH: process.env.PATH ?? '', ...libpqEnvironment(connectionString) };
  const result = await run('pg_dump', [...args, '--inserts', '--no-password'], env).catch((error: unknown) => {
    const missing = (error as { code?: string }).code === 'ENOENT';
    throw new Error(missing ? 'pg_dump is not installed (Debian: postgresql-client)' : String(error));
  });
  if (result.code !== 0) throw new Error(`pg_dump failed: ${result.err.trim()}`);
  // psql's \restrict guard (pg_dump 17.6, 16.10, 15.14 and later) means
  // nothing to a server; PGlite's pg_dump leaves it out too.
  return result.out.replace(/^\\(?:un)?restrict\b.*\r?\n?/gm, '');
}

function pgQueryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await client.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export async function openPostgres(connectionString: string, maxConnections = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle connection the server closes (restart, failover) must not take
  // the process down; the pool opens a new one on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
  // Fail now, with the server's own message, rather than at the first request.
  await pool.query('select 1');
  return {
    engine: 'postgres',
    ...pgQueryable(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(pgQueryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async session(fn) {
      const client = await pool.connect();
      try {
        return await fn(pgQueryable(client));
      } finally {
        // Back to the pool as it came: a failed reset closes the connection instead.
        const reset = await client.query('reset all').then(
          () => undefined,
          (error: Error) => error,
        );
        client.release(reset);
      }
    },
    close: () => pool.end(),
    dump: (args) => postgresDump(connectionString, args),
  };
}
