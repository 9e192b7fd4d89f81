/**
 * Applies supabase/migrations/*.sql in order, each once, recording them where
 * the Supabase CLI records its own (supabase_migrations.schema_migrations).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './engine.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));
/** What a hosted project has before any migration: the API roles and their default grants. */
export const ROLES_SQL = fileURLToPath(new URL('./supabase-roles.sql', import.meta.url));

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(file) ?? [];
      return { version: version!, name: name!, sql: readFileSync(join(dir, file), 'utf8') };
    });
}

/** Arbitrary constant key: one migrator at a time per database. */
const MIGRATION_LOCK = 727_274_001;

/** Returns the versions it applied. */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  await db.exec(readFileSync(ROLES_SQL, 'utf8'));
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key, statements text[], name text
      );`);
    const done = new Set(
      (await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        m.version,
        m.name,
      ]);
      applied.push(m.version);
    }
    return applied;
  });
}
