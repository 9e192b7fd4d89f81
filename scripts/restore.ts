/**
 * npm run restore -- FILE: loads a backup made by npm run backup into an
 * empty target: DATABASE_URL (a fresh database, or a hosted project after
 * `supabase db push`), or else a new or empty data folder (DATA_DIR, default
 * .data). The file is checked whole before anything is touched; a target
 * that holds responses or a password is refused by name.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { BackupError, parseBackup, restoreBackup, type ParsedBackup } from '../server/db/backup.ts';
import { readDataPlace } from '../server/config.ts';
import { LOCK_FILE, lockDataFolder } from '../server/db/data-folder-lock.ts';
import { openPglite, openPostgres } from '../server/db/engine.ts';

async function intoDatabase(url: string, backup: ParsedBackup): Promise<number> {
  const parsed = new URL(url);
  const name = `The database "${decodeURIComponent(parsed.pathname.slice(1))}" at ${parsed.host}`;
  const db = await openPostgres(url, 1);
  try {
    return await restoreBackup(db, backup, name);
  } finally {
    await db.close();
  }
}

async function intoDataDir(dataDir: string, backup: ParsedBackup): Promise<number> {
  const name = `The data folder ${dataDir}`;
  const present = existsSync(dataDir) ? readdirSync(dataDir).filter((f) => f !== LOCK_FILE) : [];
  if (present.length > 0) {
    throw new BackupError(
      `${name} is not empty: restore into a new or empty folder (DATA_DIR), or move this one aside. Nothing was restored.`,
    );
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = lockDataFolder(dataDir, 'npm run restore');
  let done = false;
  try {
    const db = await openPglite(dataDir);
    try {
      const restored = await restoreBackup(db, backup, name);
      done = true;
      return restored;
    } finally {
      await db.close();
    }
  } finally {
    // A restore that failed leaves the folder as empty as it found it.
    if (!done)
      for (const f of readdirSync(dataDir)) if (f !== LOCK_FILE) rmSync(resolve(dataDir, f), { recursive: true });
    lock.release();
  }
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || file.startsWith('-')) {
    console.error('Usage: npm run restore -- FILE');
    process.exitCode = 2;
    return;
  }
  if (!existsSync(file)) throw new BackupError(`There is no file ${resolve(file)}. Nothing was restored.`);
  const backup = parseBackup(readFileSync(file, 'utf8'), resolve(file));
  const { databaseUrl, dataDir } = readDataPlace();
  const restored = databaseUrl ? await intoDatabase(databaseUrl, backup) : await intoDataDir(resolve(dataDir), backup);
  console.error(`Restored ${restored} ${restored === 1 ? 'response' : 'responses'} from ${resolve(file)}.`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
