import { resolve } from 'node:path';
import { openPglite, openPostgres, type Database } from './engine.ts';
import { migrate } from './migrate.ts';

/** The configured database, migrated: PostgreSQL when a URL is given, else PGlite in dataDir. */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir ? resolve(options.dataDir) : undefined);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
