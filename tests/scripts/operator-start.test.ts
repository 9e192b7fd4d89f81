/**
 * An operator's first mistakes cost nothing: `npm start` on a port another
 * program holds says so in one line and creates nothing (no data folder, no
 * password printed, no build), and `npm run backup -- FILE` never writes
 * over a file already there.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

const work = mkdtempSync(join(tmpdir(), 'operator-'));

describe('npm start on a port in use', () => {
  let holder: Server;
  let port = 0;
  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen({ port: 0, host: '127.0.0.1' }, resolve));
    port = (holder.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

  it('refuses in one line before creating the data folder, a password or a build', async () => {
    const dataDir = join(work, 'never-made');
    const siteDir = join(work, 'never-built');
    const { code, stdout, stderr } = await run(['server/main.ts', '--build'], {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
    });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `Port ${port} on 127.0.0.1 is in use by another program: stop it, or start this server with another PORT.\n`,
    );
    expect(existsSync(dataDir)).toBe(false);
    expect(existsSync(siteDir)).toBe(false);
  });
});

describe('npm run backup -- FILE on a file already there', () => {
  it('refuses, names the file, and leaves it as it was', async () => {
    const file = join(work, 'kept.sql');
    writeFileSync(file, 'an earlier backup\n');
    // A real database to back up: only the file already there stands in the way.
    const dataDir = join(work, 'data');
    cpSync(inject('migratedDataDir'), dataDir, { recursive: true });
    const { code, stderr } = await run(['scripts/backup.ts', file], { DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr).toBe(`${file} already exists: give the backup a new name, or move that file away first.\n`);
    expect(readFileSync(file, 'utf8')).toBe('an earlier backup\n');
  });
});
