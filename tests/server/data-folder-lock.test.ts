/**
 * The data folder's lock, held by real processes: a live holder is refused
 * by name, a dead one's lock is taken over, a process that exits without
 * closing gives the folder back, and of several processes claiming one
 * stale lock at once exactly one gets it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderInUseError, LOCK_FILE, lockDataFolder } from '../../server/db/data-folder-lock.ts';

const MODULE = new URL('../../server/db/data-folder-lock.ts', import.meta.url).pathname;

/** A child process that claims dir, says so, and then does what `then` says. */
function claimer(dir: string, then: 'hold' | 'exit' | 'report'): ChildProcess {
  const script = `
    import { lockDataFolder } from ${JSON.stringify(MODULE)};
    try {
      lockDataFolder(${JSON.stringify(dir)}, 'a test holder');
      console.log('held');
    } catch (error) {
      console.log('refused: ' + error.message);
    }
    if (${JSON.stringify(then)} === 'hold') setInterval(() => {}, 1000);
    else if (${JSON.stringify(then)} === 'exit') process.exit(0);`;
  return spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A process's start in clock ticks since boot, read from /proc as a lock records it. */
function startOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

/** What a lock held by pid says. */
const lockOf = (pid: number, what: string) => `${pid}\n${what}\n${startOf(pid)}\n`;

/**
 * A zombie: a shell that starts a child which soon exits, then becomes
 * (exec) a process that never reaps it. Resolves with the zombie's PID and the sleeper.
 */
async function zombie(): Promise<{ pid: number; parent: ChildProcess }> {
  const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const pid = Number(await firstLine(parent));
  for (let i = 0; i < 100 && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { pid, parent };
}

/** The PID of a process that has ended: no process runs under it (barring reuse, which takes a wrap of PIDs). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await exited(child);
  return child.pid!;
}

describe('the data folder lock', () => {
  let dir = '';
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'data-folder-lock-'));
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses while another process holds the folder, naming its PID, and leaves its lock alone', async () => {
    const holder = claimer(dir, 'hold');
    children.push(holder);
    expect(await firstLine(holder)).toBe('held');
    const lockText = readFileSync(join(dir, LOCK_FILE), 'utf8');
    expect(lockText).toBe(lockOf(holder.pid!, 'a test holder'));
    let refusal: unknown;
    try {
      lockDataFolder(dir, 'the second');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataFolderInUseError);
    expect((refusal as Error).message).toContain(`is in use by process ${holder.pid} (a test holder)`);
    expect((refusal as Error).message).toContain(`(the lock is stale), delete ${join(dir, LOCK_FILE)} and start again`);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(lockText);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
  });

  it('takes over the lock of a process that was killed', async () => {
    const holder = claimer(dir, 'hold');
    children.push(holder);
    expect(await firstLine(holder)).toBe('held');
    const held = lockOf(holder.pid!, 'a test holder');
    holder.kill('SIGKILL');
    await exited(holder);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(held);
    const lock = lockDataFolder(dir, 'the next one');
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(lockOf(process.pid, 'the next one'));
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('takes over a lock naming a PID that no longer runs, or naming none', async () => {
    for (const stale of [`${await deadPid()}\nthe server\n`, '', 'not a pid\n']) {
      writeFileSync(join(dir, LOCK_FILE), stale);
      const lock = lockDataFolder(dir, 'after a crash');
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(lockOf(process.pid, 'after a crash'));
      lock.release();
    }
  });

  it('takes over a lock whose PID now names another process: PID 1, a reused PID, a zombie', async () => {
    const sleeper = spawn('sleep', ['60']);
    const { pid: zombiePid, parent } = await zombie();
    children.push(sleeper, parent);
    expect(readFileSync(`/proc/${zombiePid}/stat`, 'utf8')).toContain(') Z ');
    for (const stale of [
      // A lock written before start times were recorded, naming a process that is not node.
      '1\nthe server\n',
      `${sleeper.pid}\nthe server\n`,
      // The PID runs, but started at another time than the holder did: another process under a reused number.
      `1\nthe server\n${Number(startOf(1)) + 1}\n`,
      `${sleeper.pid}\nthe server\n${Number(startOf(sleeper.pid!)) - 1}\n`,
      // Ended but not reaped: the PID still answers a signal, with its very start time.
      lockOf(zombiePid, 'the server'),
    ]) {
      writeFileSync(join(dir, LOCK_FILE), stale);
      const lock = lockDataFolder(dir, 'after a restart');
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8'), stale).toBe(lockOf(process.pid, 'after a restart'));
      lock.release();
    }
  });

  it('refuses a second claim from the same process', () => {
    const lock = lockDataFolder(dir, 'first');
    try {
      expect(() => lockDataFolder(dir, 'second')).toThrow(`is in use by process ${process.pid} (this same process)`);
    } finally {
      lock.release();
    }
    lockDataFolder(dir, 'third').release();
  });

  it('is given back by a process that exits without closing', async () => {
    const holder = claimer(dir, 'exit');
    children.push(holder);
    expect(await firstLine(holder)).toBe('held');
    await exited(holder);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('goes to exactly one of several processes claiming a stale lock at once', async () => {
    writeFileSync(join(dir, LOCK_FILE), `${await deadPid()}\nthe server\n`);
    const racers = Array.from({ length: 4 }, () => claimer(dir, 'hold'));
    children.push(...racers);
    const lines = await Promise.all(racers.map(firstLine));
    const winners = racers.filter((_, i) => lines[i] === 'held');
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.pid;
    for (const line of lines.filter((l) => l !== 'held'))
      expect(line).toContain(`in use by process ${winner} (a test holder)`);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(lockOf(winner!, 'a test holder'));
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
  });
});
