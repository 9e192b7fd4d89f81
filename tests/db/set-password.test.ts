/**
 * npm run set-password, run as an operator runs it: a child process with
 * the passphrase on standard input, against a migrated database on each
 * engine; the password then unlocks hidden_page_insights, and nothing else does.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { availableEngines, freshDatabase, type FreshDatabase } from '../support/db-engines.ts';
import { callAsClient } from '../support/request.ts';

const SCRIPT = new URL('../../scripts/set-password.ts', import.meta.url).pathname;

function setPassword(input: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [SCRIPT, ...args], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

for (const engine of availableEngines()) {
  describe(`npm run set-password [${engine}]`, () => {
    let fresh: FreshDatabase | undefined;
    let dataDir = '';
    /** Where the script connects: the scratch server database, or a PGlite folder. */
    const target = (): Record<string, string> =>
      engine === 'postgres' ? { DATABASE_URL: fresh!.url! } : { DATA_DIR: dataDir };
    /** The database the script wrote to, opened after it exited (PGlite takes one process at a time). */
    async function unlocks(password: string): Promise<number> {
      const db = engine === 'postgres' ? fresh!.db : await openDatabase({ dataDir });
      try {
        return (await callAsClient(db, 'hidden_page_insights', { password }, null)).status;
      } finally {
        if (engine === 'pglite') await db.close();
      }
    }

    /** The stored bcrypt hash: a new salt makes it differ after any write, even of the same password. */
    async function storedHash(): Promise<string | undefined> {
      const db = engine === 'postgres' ? fresh!.db : await openDatabase({ dataDir });
      try {
        return (await db.query<{ password_hash: string }>('select password_hash from public.hidden_page_secret'))[0]
          ?.password_hash;
      } finally {
        if (engine === 'pglite') await db.close();
      }
    }

    beforeAll(async () => {
      if (engine === 'postgres') fresh = await freshDatabase('postgres');
      else {
        // The folder `npm start` leaves: the script opens it as an operator's would be.
        dataDir = mkdtempSync(join(tmpdir(), 'set-password-'));
        cpSync(inject('migratedDataDir'), dataDir, { recursive: true });
      }
    }, 300_000);
    afterAll(async () => {
      await fresh?.dispose();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('sets the passphrase piped on standard input, and prints nothing of it', async () => {
      const passphrase = 'a piped passphrase é';
      const run = await setPassword(`${passphrase}\n`, target());
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout + run.stderr).not.toContain('piped');
      expect(await unlocks(passphrase)).toBe(200);
      expect(await unlocks(`${passphrase}\n`)).toBe(403);
    }, 180_000);

    it('generates a 96-bit passphrase on empty input or --generate, and prints it once', async () => {
      for (const [input, args] of [
        ['', []],
        ['ignored\n', ['--generate']],
      ] as const) {
        const run = await setPassword(input, target(), [...args]);
        expect(run.code, run.stderr).toBe(0);
        const [, passphrase] = /passphrase \(shown once, keep it\): (\S+)\n/.exec(run.stdout) ?? [];
        expect(passphrase).toMatch(/^[A-Za-z0-9_-]{16}$/);
        expect(run.stdout.split(passphrase!)).toHaveLength(2);
        expect(await unlocks(passphrase!)).toBe(200);
      }
    }, 180_000);

    it('refuses under 8 characters or over 72 bytes, and the database it points at keeps its password', async () => {
      await setPassword('the one that stays\n', target());
      const before = await storedHash();
      const short = await setPassword('seven!!\n', target());
      expect(short.code).toBe(2);
      expect(short.stderr).toContain('at least 8 characters; this one has 7. Nothing was changed.');
      const long = await setPassword(`${'é'.repeat(37)}\n`, target());
      expect(long.code).toBe(2);
      expect(long.stderr).toContain('at most 72 bytes in UTF-8 (bcrypt reads no further); this one has 74');
      expect(await storedHash()).toBe(before);
      expect(await unlocks('the one that stays')).toBe(200);
    }, 180_000);
  });
}
