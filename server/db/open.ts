import { resolve } from 'node:path';
import { lockDataFolder } from './data-folder-lock.ts';
import { openPglite, openPostgres, type Database } from './engine.ts';
import { migrate } from './migrate.ts';
import { tightenDataDir } from './private-dir.ts';

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** What this process is, for the message another one meets while it holds the data folder. */
  holder?: string;
}

/**
 * The configured database, migrated: PostgreSQL when a URL is given, else
 * PGlite in dataDir, which this process then holds until close() (see
 * data-folder-lock.ts) and keeps private (private-dir.ts). A PostgreSQL server takes many clients: no lock.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return migrated(await openPostgres(options.databaseUrl));
  if (!options.dataDir) return migrated(await openPglite());
  const dataDir = resolve(options.dataDir);
  const lock = lockDataFolder(dataDir, options.holder ?? `node ${process.argv.slice(1).join(' ')}`);
  let db: Database;
  try {
    tightenDataDir(dataDir);
    db = await openPglite(dataDir);
  } catch (error) {
    lock.release();
    throw error;
  }
  const close = async () => {
    try {
      await db.close();
    } finally {
      lock.release();
    }
  };
  return migrated({ ...db, close });
}

async function migrated(db: Database): Promise<Database> {
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
