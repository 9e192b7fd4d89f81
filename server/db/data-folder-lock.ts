/**
 * PGlite gives no warning when two processes open one data folder: each
 * keeps its own copy in memory, both acknowledge saves, and whichever writes
 * last wins. So a process claims the folder before opening it, with a lock
 * file inside it holding its PID (as PostgreSQL's postmaster.pid does) and,
 * where /proc tells it, the process's start time; any other process refuses
 * while that same process runs. A PID alone is not enough: after a restart
 * (a container's, a machine's) the number may belong to another process,
 * and a process that ended but was not reaped (a zombie) still answers to
 * it.
 */
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';

/** The lock's name inside the data folder. */
export const LOCK_FILE = 'in-use.lock';

/** Who holds a data folder: its PID, what it is (e.g. "the server") and when it started, when known. */
export interface LockHolder {
  pid: number;
  what: string;
  /** The process's start, in clock ticks since boot (/proc/<pid>/stat's 22nd field); empty where there is no /proc. */
  started: string;
}

export class DataFolderInUseError extends Error {
  readonly dataFolder: string;
  readonly holder: LockHolder;

  constructor(dataFolder: string, holder: LockHolder) {
    super(
      `The data folder ${dataFolder} is in use by process ${holder.pid} (${holder.what}). ` +
        'PGlite takes one process at a time: a second one would lose the saves of the first. ' +
        `If that process is not one of ours holding this folder (the lock is stale), delete ${join(dataFolder, LOCK_FILE)} and start again.`,
    );
    this.name = 'DataFolderInUseError';
    this.dataFolder = dataFolder;
    this.holder = holder;
  }
}

export interface DataFolderLock {
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

interface ProcStat {
  /** R, S, D, Z (a zombie), X (dead), … */
  state: string;
  started: string;
}

/** What /proc says of a PID: undefined when no such process; null when there is no /proc to ask. */
function procStat(pid: number): ProcStat | undefined | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
    return existsSync('/proc/self/stat') ? undefined : null;
  }
  // The command's name, in parentheses, may hold spaces and parentheses: the fields start after the last one.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', started: fields[19] ?? '' };
}

/** This process's start, as the lock records it. */
function ownStart(): string {
  return procStat(process.pid)?.started ?? '';
}

/** Whether a process runs node: a lock written before start times were recorded names no start to compare. */
function runsNode(pid: number): boolean {
  const argv0 = (readOrUndefined(`/proc/${pid}/cmdline`) ?? '').split('\0')[0] ?? '';
  return /(^|\/)node[\d.]*$/.test(argv0);
}

/**
 * Whether the holder a lock names still holds it: the same process, alive.
 * Our own PID in a lock we do not hold is a former life of this PID (a
 * container's process restarted with the same number).
 */
function stillHolds(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return false;
  const stat = procStat(holder.pid);
  if (stat === null) return isAlive(holder.pid);
  if (stat === undefined || stat.state === 'Z' || stat.state === 'X') return false;
  return holder.started ? stat.started === holder.started : runsNode(holder.pid);
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
  const [pidLine = '', what = 'unknown', started = ''] = text.split('\n');
  const pid = Number(pidLine);
  return Number.isInteger(pid) && pid > 0 ? { pid, what, started: /^\d+$/.test(started) ? started : '' } : undefined;
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
 * Claims dataFolder for this process, or throws DataFolderInUseError naming the
 * live holder. A lock whose process no longer runs (a killed process's, or
 * one whose PID now names another process or a zombie) is taken over. The lock is written whole to a file of our own first and then linked
 * into place, an atomic create: no one ever reads half a lock.
 */
export function lockDataFolder(dataFolder: string, what: string): DataFolderLock {
  const dir = resolve(dataFolder);
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, LOCK_FILE);
  if (held.has(lockPath))
    throw new DataFolderInUseError(dir, { pid: process.pid, what: 'this same process', started: ownStart() });
  const mine = `${process.pid}\n${what}\n${ownStart()}\n`;
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
      if (holder && stillHolds(holder)) throw new DataFolderInUseError(dir, holder);
      takeAway(lockPath, text);
    }
    throw new Error(`Could not lock the data folder ${dir}: other processes kept claiming it at the same time`);
  } finally {
    unlinkSync(draft);
  }
}

function hold(lockPath: string, mine: string): DataFolderLock {
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
