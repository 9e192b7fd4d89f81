/**
 * PGlite gives no warning when two processes open one data folder: each
 * keeps its own copy in memory, both acknowledge saves, and whichever writes
 * last wins. So a process claims the folder before opening it, with a lock
 * file inside it holding its PID (as PostgreSQL's postmaster.pid does), and
 * any other process refuses while that PID is alive.
 */
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';

/** The lock's name inside the data folder. */
export const LOCK_FILE = 'in-use.lock';

/** Who holds a data folder: its PID and what it is (e.g. "the server, npm start"). */
export interface LockHolder {
  pid: number;
  what: string;
}

export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly holder: LockHolder;

  constructor(dataDir: string, holder: LockHolder) {
    super(
      `The data folder ${dataDir} is in use by process ${holder.pid} (${holder.what}). ` +
        'PGlite takes one process at a time: a second one would lose the saves of the first.',
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

export interface DataDirLock {
  /** Gives the folder back; does nothing when it is no longer ours. */
  release(): void;
}

/** Lock files this process holds: a second claim from the same process is refused too. */
const held = new Set<string>();

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error ? String(error.code) : undefined;
}

/** Whether a process with this PID runs (EPERM: it does, under another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** The holder a lock file names; a file that names no PID names none. */
function parseHolder(text: string): LockHolder | undefined {
  const [pidLine = '', what = 'unknown'] = text.split('\n');
  const pid = Number(pidLine);
  return Number.isInteger(pid) && pid > 0 ? { pid, what } : undefined;
}

/**
 * Moves a lock whose holder is gone out of the way. The rename is atomic, so
 * of two processes taking over the same stale lock one moves it; should the
 * other have moved a newer, live lock instead, it puts that back.
 */
function takeAway(lockPath: string, staleText: string): void {
  const aside = `${lockPath}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleText) linkSync(aside, lockPath);
  } finally {
    unlinkSync(aside);
  }
}

/** How often a claim retries when other processes take the same stale lock at the same moment. */
const ATTEMPTS = 5;

/**
 * Claims dataDir for this process, or throws DataDirInUseError naming the
 * live holder. A lock whose PID no longer runs (a killed process's) is taken
 * over. The lock is written whole to a file of our own first and then linked
 * into place, an atomic create: no one ever reads half a lock.
 */
export function lockDataDir(dataDir: string, what: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, LOCK_FILE);
  if (held.has(lockPath)) throw new DataDirInUseError(dir, { pid: process.pid, what: 'this same process' });
  const mine = `${process.pid}\n${what}\n`;
  const draft = `${lockPath}.new-${process.pid}-${randomUUID()}`;
  writeFileSync(draft, mine);
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        linkSync(draft, lockPath);
        return hold(lockPath, mine);
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      const text = readOrUndefined(lockPath);
      if (text === undefined) continue;
      const holder = parseHolder(text);
      // Our own PID in a lock we do not hold is a former life of this PID
      // (a container's process restarted with the same number): stale.
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw new DataDirInUseError(dir, holder);
      takeAway(lockPath, text);
    }
    throw new Error(`Could not lock the data folder ${dir}: other processes kept claiming it at the same time`);
  } finally {
    unlinkSync(draft);
  }
}

function hold(lockPath: string, mine: string): DataDirLock {
  held.add(lockPath);
  const release = () => {
    if (!held.delete(lockPath)) return;
    process.off('exit', release);
    if (readOrUndefined(lockPath) === mine) unlinkSync(lockPath);
  };
  // A process that ends without closing its database (an uncaught error,
  // process.exit) still gives the folder back; only a kill leaves the lock.
  process.on('exit', release);
  return { release };
}
