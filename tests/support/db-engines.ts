/**
 * Database tests run on every engine we ship on: always on embedded PGlite,
 * and again on a real PostgreSQL server when DATABASE_URL is set. Each
 * describe block gets a fresh, migrated database of its own.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../server/db/engine.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createScratchPostgres } from '../../server/db/scratch.ts';
import { RpcError } from '../../server/postgrest-errors.ts';
import { callRpc, type RpcArgs, type RpcRequest } from '../../server/rpc.ts';

export type EngineName = 'pglite' | 'postgres';

export function availableEngines(): EngineName[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface FreshDatabase {
  db: Database;
  /** Connection string of the throw-away PostgreSQL database; undefined on PGlite. */
  url: string | undefined;
  dispose(): Promise<void>;
}

let pgliteTemplate: Blob | undefined;

/** The run's one migrated PGlite (tests/support/run-fixtures.ts), copied for every fresh database. */
function migratedPgliteSnapshot(): Blob {
  pgliteTemplate ??= new Blob([readFileSync(inject('migratedSnapshot'))]);
  return pgliteTemplate;
}

export async function freshDatabase(engine: EngineName, maxConnections?: number): Promise<FreshDatabase> {
  if (engine === 'pglite') {
    const db = await openPglite(undefined, migratedPgliteSnapshot());
    // Applies nothing when the snapshot is current; kept so a stale one cannot pass unnoticed.
    await migrate(db);
    return { db, url: undefined, dispose: () => db.close() };
  }
  return scratchPostgres({ migrated: true, maxConnections });
}

/**
 * A throw-away database on the DATABASE_URL server, dropped by dispose():
 * migrated, a copy of the run's migrated template (run-fixtures.ts).
 */
async function scratchPostgres(options: { migrated: boolean; maxConnections?: number }): Promise<FreshDatabase> {
  const scratch = await createScratchPostgres(
    undefined,
    options.migrated ? inject('postgresTemplate') || undefined : undefined,
  );
  const db = await openPostgres(scratch.url, options.maxConnections);
  // Applies nothing on a copy of the current template; kept so a stale one cannot pass unnoticed.
  if (options.migrated) await migrate(db);
  return {
    db,
    url: scratch.url,
    async dispose() {
      await db.close();
      await scratch.drop();
    },
  };
}

/** A database no migration has touched yet, for tests of a migration itself. */
export async function emptyDatabase(engine: EngineName): Promise<FreshDatabase> {
  if (engine === 'pglite') {
    const db = await openPglite();
    return { db, url: undefined, dispose: () => db.close() };
  }
  return scratchPostgres({ migrated: false });
}

export interface EngineContext {
  engine: EngineName;
  /** The migrated database, connected as its owner. */
  db(): Database;
  /** The throw-away database's URL on PostgreSQL, undefined on PGlite. */
  url(): string | undefined;
}

export function forEachEngine(title: string, body: (ctx: EngineContext) => void): void {
  describeOnEachEngine(title, freshDatabase, body);
}

/** As forEachEngine, but each database starts empty: the test applies the migrations. */
export function forEachUnmigratedEngine(title: string, body: (ctx: EngineContext) => void): void {
  describeOnEachEngine(title, emptyDatabase, body);
}

function describeOnEachEngine(
  title: string,
  open: (engine: EngineName) => Promise<FreshDatabase>,
  body: (ctx: EngineContext) => void,
): void {
  for (const engine of availableEngines()) {
    describe(`${title} [${engine}]`, () => {
      let fresh: FreshDatabase | undefined;
      beforeAll(async () => {
        fresh = await open(engine);
      });
      afterAll(async () => {
        await fresh?.dispose();
      });
      body({
        engine,
        db: () => {
          if (!fresh) throw new Error('database not ready');
          return fresh.db;
        },
        url: () => fresh?.url,
      });
    });
  }
}

/** Runs one statement in its own transaction as the anon role, the way every API call runs. */
export function asAnon<T = Record<string, unknown>>(db: Database, sql: string, params: unknown[] = []): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.exec('set local role anon');
    return tx.query<T>(sql, params);
  });
}

/**
 * Calls a database function exactly as POST /rest/v1/rpc/<fn> does, and parses its JSON.
 * A status of 400 or more set through response.status throws, as supabase-js reports it.
 */
export async function callAsAnon<T = unknown>(
  db: Database,
  fn: string,
  args: RpcArgs = {},
  request?: RpcRequest,
): Promise<T> {
  const res = await callRpc(db, fn, args, request);
  const body = JSON.parse(res.body) as unknown;
  if (res.status >= 400) {
    throw new RpcError(
      res.status,
      { code: `PT${res.status}`, message: res.body, details: null, hint: null },
      res.headers,
    );
  }
  return body as T;
}
