/**
 * One small interface over the two engines the backend runs on: embedded
 * PGlite (a fresh machine's default) and a real PostgreSQL server.
 */
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
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
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to open copies of it quickly. */
  snapshot?(): Promise<Blob>;
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
 * PGlite keeps its files in dataDir; without one it lives in memory. Starting
 * from a snapshot skips initdb, which is most of PGlite's start-up time.
 */
export async function openPglite(dataDir?: string, fromSnapshot?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    fs: dataDir ? new PrivateNodeFS(dataDir) : undefined,
    extensions: { pgcrypto },
    loadDataDir: fromSnapshot,
  });
  return {
    engine: 'pglite',
    ...pgliteQueryable(db),
    // PGlite has one connection and runs transactions one at a time.
    transaction: (fn) => db.transaction((tx) => fn(pgliteQueryable(tx))),
    close: () => db.close(),
    snapshot: () => db.dumpDataDir('none'),
  };
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
    close: () => pool.end(),
  };
}
