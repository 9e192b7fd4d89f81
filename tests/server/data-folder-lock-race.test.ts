/**
 * The moment two processes race for one stale lock, made to happen: the
 * test's processes start one after another, so the window between reading a
 * stale lock and moving it aside is never hit by chance. Here, just after
 * this process reads the stale lock, another process's live lock takes its
 * place, as when a faster racer has already taken it over.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataFolderInUseError, LOCK_FILE, lockDataFolder } from '../../server/db/data-folder-lock.ts';

/** Called after every read the lock makes, with what it read. */
const afterRead = vi.hoisted(() => ({ hook: null as ((path: string, text: string) => void) | null }));

vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  const readFileSync = ((...args: Parameters<typeof fs.readFileSync>) => {
    const out = fs.readFileSync(...args);
    if (typeof args[0] === 'string' && typeof out === 'string') afterRead.hook?.(args[0], out);
    return out;
  }) as typeof fs.readFileSync;
  return { ...fs, default: { ...fs, readFileSync }, readFileSync };
});

/** The PID of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the data folder lock, raced for', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'data-folder-lock-race-'));
  });
  afterEach(() => {
    afterRead.hook = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts back a live lock it moved aside by mistake, and refuses, naming its holder', async () => {
    const lockPath = join(dir, LOCK_FILE);
    const stale = `${await deadPid()}\nthe server\n`;
    // A process that runs and is not this one: the one that started these tests.
    const live = `${process.ppid}\nthe faster racer\n`;
    writeFileSync(lockPath, stale);
    let swapped = false;
    afterRead.hook = (path, text) => {
      if (swapped || path !== lockPath || text !== stale) return;
      swapped = true;
      writeFileSync(lockPath, live);
    };

    let outcome: unknown;
    try {
      lockDataFolder(dir, 'the slower racer').release();
      outcome = 'took the folder';
    } catch (error) {
      outcome = error;
    }
    expect(swapped).toBe(true);
    expect(outcome).toBeInstanceOf(DataFolderInUseError);
    expect((outcome as Error).message).toContain(`in use by process ${process.ppid} (the faster racer)`);
    expect(readFileSync(lockPath, 'utf8')).toBe(live);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
  });
});
