/**
 * npm run backup -- FILE: the configured database's data, in one file
 * readable by the operator alone (0600, in a folder made 0700 when it did
 * not exist). From DATABASE_URL with the machine's pg_dump; from the local
 * data folder (DATA_DIR, default .data) with PGlite's pg_dump, directly when
 * no server holds the folder, else through the running server's backup
 * socket, so the site keeps serving. The file appears whole or not at all,
 * and never in place of a file already there: an earlier backup is kept.
 */
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { backupFromServer } from '../server/backup-socket.ts';
import { describeDataPlace, readDataPlace } from '../server/config.ts';
import { makeBackup } from '../server/db/backup.ts';
import { DataFolderInUseError, lockDataFolder } from '../server/db/data-folder-lock.ts';
import { openPglite, openPostgres } from '../server/db/engine.ts';

/** What an existing file is told: a backup never replaces one. */
function alreadyThere(file: string): string {
  return `${file} already exists: give the backup a new name, or move that file away first.`;
}

/**
 * Writes text to a new file beside `file`, then links it in under `file`:
 * never half a backup under its name, and a link fails where a rename would
 * replace a file that appeared meanwhile.
 */
function writePrivately(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const draft = join(dirname(file), `.${process.pid}-${Date.now()}.partial`);
  const fd = openSync(draft, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(draft, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new Error(alreadyThere(file));
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

async function fromDataDir(dataDir: string): Promise<string> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`There is no database in ${dataDir} (DATA_DIR).`);
  let lock;
  try {
    lock = lockDataFolder(dataDir, 'npm run backup');
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    const text = await backupFromServer(dataDir);
    if (text !== undefined) return text;
    error.message += '\nIt does not answer backups: stop it, run npm run backup again, then start it.';
    throw error;
  }
  try {
    const db = await openPglite(dataDir);
    try {
      return await makeBackup(db);
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || file.startsWith('-')) {
    console.error('Usage: npm run backup -- FILE');
    process.exitCode = 2;
    return;
  }
  if (existsSync(resolve(file))) {
    console.error(alreadyThere(resolve(file)));
    process.exitCode = 1;
    return;
  }
  const place = readDataPlace();
  const { databaseUrl } = place;
  const dataDir = resolve(place.dataDir);
  let text: string;
  if (databaseUrl) {
    const db = await openPostgres(databaseUrl, 1);
    try {
      text = await makeBackup(db);
    } finally {
      await db.close();
    }
  } else {
    text = await fromDataDir(dataDir);
  }
  writePrivately(resolve(file), text);
  console.error(`Backed up ${describeDataPlace({ databaseUrl, dataDir })} to ${resolve(file)}.`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
