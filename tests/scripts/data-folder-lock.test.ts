/**
 * `npm run seed` and `npm run set-password` on a data folder a running
 * server holds (here, this process, holding it as the server does) refuse,
 * name the holder and change nothing: the server's password stays the one
 * that unlocks, and no respondent is added.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Database } from '../../server/db/engine.ts';
import { openDatabase } from '../../server/db/open.ts';
import { setHiddenPagePassword } from '../../server/hidden-page-password.ts';
import { callAsClient } from '../support/request.ts';

const KEPT = 'the one that stays';

function run(script: string, args: string[], input: string, dataDir: string) {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(input);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
}

async function state(db: Database) {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from public.responses');
  return {
    respondents: row?.n,
    kept: (await callAsClient(db, 'hidden_page_insights', { password: KEPT }, null)).status,
    offered: (await callAsClient(db, 'hidden_page_insights', { password: 'a passphrase offered too soon' }, null))
      .status,
  };
}

let dataDir = '';
let server: Database | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'data-folder-lock-'));
  cpSync(inject('migratedDataDir'), dataDir, { recursive: true });
  server = await openDatabase({ dataDir, holder: 'the server' });
  await setHiddenPagePassword(server, KEPT);
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('npm run set-password refuses, names the server and says how to go about it', async () => {
  const refused = await run('scripts/set-password.ts', [], 'a passphrase offered too soon\n', dataDir);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain(`is in use by process ${process.pid} (the server)`);
  expect(refused.output).toContain(
    'Nothing was changed. Stop it (the server: Ctrl+C where it runs), run npm run set-password again',
  );
  expect(refused.output).toContain('HIDDEN_PAGE_PASSWORD');
  expect(refused.output).not.toContain('Set the hidden page');
  expect(await state(server!)).toEqual({ respondents: 0, kept: 200, offered: 403 });
}, 120_000);

it('npm run seed refuses, names the server, and adds no one', async () => {
  const refused = await run('scripts/seed.ts', ['--respondents', '50'], '', dataDir);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain(`is in use by process ${process.pid} (the server)`);
  expect(refused.output).not.toContain('seeded');
  expect(await state(server!)).toEqual({ respondents: 0, kept: 200, offered: 403 });
}, 120_000);

it('changed nothing on disk either: the folder reopened holds the same', async () => {
  await server!.close();
  server = await openDatabase({ dataDir, holder: 'the server' });
  expect(await state(server)).toEqual({ respondents: 0, kept: 200, offered: 403 });
}, 120_000);
