/**
 * supabase/schemas/*.sql: the current definition of every object, once, in
 * the order the files apply. Migrations stay the applied history; the
 * schema is what a reader reads, and tests/db/schema-equality.test.ts holds
 * the two to the same catalog.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './engine.ts';
import { ROLES_SQL } from './migrate.ts';

export const SCHEMAS_DIR = fileURLToPath(new URL('../../supabase/schemas/', import.meta.url));

export interface SchemaFile {
  name: string;
  sql: string;
}

export function readSchemaFiles(dir = SCHEMAS_DIR): SchemaFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

/** Builds a database from the schema files alone, on a database as a new project has it. */
export async function applySchema(db: Database, files = readSchemaFiles()): Promise<void> {
  await db.exec(readFileSync(ROLES_SQL, 'utf8'));
  await db.transaction(async (tx) => {
    for (const file of files) {
      try {
        await tx.exec(file.sql);
      } catch (error) {
        throw new Error(`supabase/schemas/${file.name}: ${(error as Error).message}`, { cause: error });
      }
    }
  });
}
