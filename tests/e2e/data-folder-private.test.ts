/**
 * The data folder is the operator's alone: a server started with umask 000,
 * on a folder it creates and on one left open to everyone before, keeps
 * every folder 0700 and every file 0600, the write-ahead log and the lock
 * included, while it runs and after it stops.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { serverEnv } from '../support/chromium/app.ts';
import { randomChoices, seededRandom } from '../support/random-answers.ts';

const random = seededRandom(7);

const READY = /at (http:\/\/[^\s]+) /;

/** Starts `node server/main.ts` under umask 000 on dataDir; resolves with its URL and a stop. */
function startUnderOpenUmask(dataDir: string): Promise<{ url: string; stop: () => Promise<number | null> }> {
  const child = spawn('sh', ['-c', `umask 000 && exec "${process.execPath}" server/main.ts`], {
    env: serverEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (d: Buffer) => {
      output += d.toString();
      const up = READY.exec(output);
      if (up) resolve({ url: up[1]!, stop: () => (child.kill('SIGTERM'), closed) });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void closed.then((code) => reject(new Error(`server exited with ${code} before it was ready:\n${output}`)));
  });
}

/** Runs an npm script's file under umask 000 on dataDir, with input on its stdin; answers its exit code. */
function runUnderOpenUmask(script: string, args: string, dataDir: string, input = ''): number | null {
  const run = spawnSync('sh', ['-c', `umask 000 && exec "${process.execPath}" ${script} ${args}`], {
    env: { ...serverEnv(dataDir) },
    input,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) console.error(run.stdout, run.stderr);
  return run.status;
}

/** Every path under dir (itself included) whose mode is not the private one, as "mode path". */
function looseEntries(dir: string): string[] {
  const loose: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) loose.push(`${mode.toString(8)} ${path}`);
      for (const entry of readdirSync(path)) walk(join(path, entry));
    } else if (mode !== 0o600) {
      loose.push(`${mode.toString(8)} ${path}`);
    }
  };
  walk(dir);
  return loose;
}

function countEntries(dir: string): number {
  return readdirSync(dir, { recursive: true }).length;
}

/** Opens every folder and file to everyone, as a copy or an older version may have left them. */
function loosen(dir: string): void {
  chmodSync(dir, 0o777);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    chmodSync(path, entry.isDirectory() ? 0o777 : 0o666);
  }
}

async function saveOne(url: string): Promise<void> {
  const res = await fetch(`${url}/rest/v1/rpc/submit_response`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      submission_id: crypto.randomUUID(),
      name: 'Private Person',
      answers: randomChoices(random),
    }),
  });
  expect(res.status).toBe(200);
}

describe('the data folder is private to the operator', () => {
  const parent = mkdtempSync(join(tmpdir(), 'private-data-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('on a folder the server creates, under umask 000', async () => {
    const dataDir = join(parent, 'fresh');
    const server = await startUnderOpenUmask(dataDir);
    await saveOne(server.url);
    expect(looseEntries(dataDir).slice(0, 3).join('; ')).toBe('');
    expect(await server.stop()).toBe(0);
    expect(countEntries(dataDir)).toBeGreaterThan(100);
    expect(looseEntries(dataDir).slice(0, 3).join('; ')).toBe('');
  });

  it('on an existing folder left open to everyone, under umask 000', async () => {
    const dataDir = join(parent, 'loose');
    cpSync(inject('migratedDataDir'), dataDir, { recursive: true });
    loosen(dataDir);
    expect(looseEntries(dataDir).length).toBe(countEntries(dataDir) + 1);
    const server = await startUnderOpenUmask(dataDir);
    await saveOne(server.url);
    expect(looseEntries(dataDir).slice(0, 3).join('; ')).toBe('');
    expect(await server.stop()).toBe(0);
    expect(looseEntries(dataDir).slice(0, 3).join('; ')).toBe('');
  });

  it('npm run set-password on a new folder and npm run seed on a loose one, under umask 000', () => {
    const fresh = join(parent, 'set-password');
    expect(runUnderOpenUmask('scripts/set-password.ts', '', fresh, 'a private passphrase\n')).toBe(0);
    expect(countEntries(fresh)).toBeGreaterThan(100);
    expect(looseEntries(fresh).slice(0, 3).join('; ')).toBe('');

    const loose = join(parent, 'seed');
    cpSync(inject('migratedDataDir'), loose, { recursive: true });
    loosen(loose);
    expect(runUnderOpenUmask('scripts/seed.ts', '--respondents 3', loose)).toBe(0);
    expect(looseEntries(loose).slice(0, 3).join('; ')).toBe('');
  });
});
