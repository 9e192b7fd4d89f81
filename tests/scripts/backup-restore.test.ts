/**
 * npm run backup and npm run restore, run as an operator runs them. A data
 * folder that a server holds (this process, holding it as the server does,
 * with its backup socket) is seeded with names, a response whose secret has
 * not been used yet, and a password; the backup comes through the running
 * server; restored into a fresh data folder and, with DATABASE_URL, into a
 * fresh PostgreSQL database, every public figure is the same, the password
 * unlocks and the old secret withdraws. A non-empty target and a file cut
 * short are refused, naming what, and change nothing.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serveBackups, type BackupSocket } from '../../server/backup-socket.ts';
import { openPglite, openPostgres, type Database } from '../../server/db/engine.ts';
import { openDatabase } from '../../server/db/open.ts';
import { createScratchPostgres, type ScratchDatabase } from '../../server/db/scratch.ts';
import { setHiddenPagePassword } from '../../server/hidden-page-password.ts';
import { callAsAnon } from '../support/db-engines.ts';
import { randomChoices, seededRandom } from '../support/random-answers.ts';
import { callAsClient } from '../support/request.ts';
import { submit } from '../support/submit.ts';

const PASSWORD = 'the password that moves along';

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
}

/** Every figure anyone can read, and what the hidden page shows with the password. */
async function figures(db: Database) {
  const hidden = await callAsClient<{ respondents?: unknown }>(
    db,
    'hidden_page_insights',
    { password: PASSWORD },
    null,
  );
  return {
    insights: await callAsAnon(db, 'insights'),
    stats: await callAsAnon(db, 'response_stats'),
    shares: await callAsAnon(db, 'answer_shares'),
    hidden,
    settings: await db.query('select name, value from private.settings order by name'),
    // Without read_at, the time of the call.
    group: { ...(await callAsAnon<Record<string, unknown>>(db, 'group_map', { key: groupOwnerKey })), read_at: null },
  };
}

async function withdraw(db: Database, id: string, secret: string) {
  return callAsClient(db, 'withdraw_response', { submission_id: id, secret }, '198.51.100.7');
}

const work = mkdtempSync(join(tmpdir(), 'backup-'));
const sourceDir = join(work, 'serving');
const backupFile = join(work, 'made-here', 'backup.sql');
let source: Database | undefined;
let socket: BackupSocket | undefined;
let before: Awaited<ReturnType<typeof figures>>;
const pending = { id: randomUUID(), secret: randomBytes(32).toString('hex') };
let groupOwnerKey = '';

beforeAll(async () => {
  cpSync(inject('migratedDataDir'), sourceDir, { recursive: true });
  source = await openDatabase({ dataDir: sourceDir, holder: 'the server' });
  socket = await serveBackups(source, sourceDir);
  const random = seededRandom(2026);
  for (let i = 0; i < 24; i++) await submit(source, randomChoices(random), i % 4 ? `Respondent ${i}` : null);
  await submit(source, randomChoices(random), 'Still Undecided', pending.id, pending.secret);
  await setHiddenPagePassword(source, PASSWORD);
  await source.exec("update private.settings set value = '30' where name = 'name_retention_days'");
  // A group with one member travels too, and its owner key still opens it.
  const group = await callAsAnon<{ join_code: string; owner_key: string }>(source, 'create_group', {
    name: 'Backed up club',
  });
  groupOwnerKey = group.owner_key;
  await callAsAnon(source, 'join_group', {
    join_code: group.join_code,
    submission_id: pending.id,
    secret: pending.secret,
    member_key: randomBytes(32).toString('hex'),
  });
  before = await figures(source);
  expect(before.group).toMatchObject({ found: true, name: 'Backed up club', members: [{ name: 'Still Undecided' }] });
}, 120_000);

afterAll(async () => {
  await socket?.close();
  await source?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('writes one file through the running server, readable by the operator alone', async () => {
    const made = await run('scripts/backup.ts', [backupFile], { DATA_DIR: sourceDir });
    expect(made.output).toContain(`Backed up the local database in ${sourceDir} to ${backupFile}.`);
    expect(made.code).toBe(0);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(work, 'made-here')).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(work, 'made-here'))).toEqual(['backup.sql']);
    // The server went on serving meanwhile: the source is as it was, and
    // still takes a save (the dump's read-only transaction was ended).
    expect(await figures(source!)).toEqual(before);
    expect(await source!.query("select current_setting('transaction_read_only') as ro")).toEqual([{ ro: 'off' }]);
  });
});

/** Restores the backup into a fresh target, then checks it against the source. */
async function expectSameAsSource(db: Database) {
  const after = await figures(db);
  expect(after.hidden.status).toBe(200);
  expect(after).toEqual(before);
  const names = await db.query<{ name: string | null }>('select name from public.responses order by id');
  expect(names.filter((n) => n.name !== null)).toHaveLength(19);
  // The next response gets a new id, after the restored ones.
  await submit(db, randomChoices(seededRandom(7)), 'After the move');
  expect(await withdraw(db, pending.id, pending.secret)).toMatchObject({ status: 200, body: { withdrawn: true } });
  const [left] = await db.query<{ n: number }>('select count(*)::int as n from public.responses');
  expect(left?.n).toBe(25);
}

describe('npm run restore into an empty data folder', () => {
  const target = join(work, 'restored');

  it('restores every figure, the password and the pending withdrawal', async () => {
    const restored = await run('scripts/restore.ts', [backupFile], { DATA_DIR: target });
    expect(restored.output).toContain(`Restored 25 responses from ${backupFile}.`);
    expect(restored.code).toBe(0);
    const db = await openPglite(target);
    try {
      await expectSameAsSource(db);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('refuses the same folder again, naming it, and changes nothing', async () => {
    const listing = readdirSync(target).sort();
    const refused = await run('scripts/restore.ts', [backupFile], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`The data folder ${target} is not empty`);
    expect(refused.output).toContain('Nothing was restored.');
    expect(readdirSync(target).sort()).toEqual(listing);
  }, 120_000);
});

describe('a backup file cut short', () => {
  const cut = join(work, 'cut.sql');
  const target = join(work, 'never');

  it('is refused with a clear error, before anything is created', async () => {
    const whole = readFileSync(backupFile, 'utf8');
    writeFileSync(cut, whole.slice(0, Math.floor(whole.length * 0.6)));
    const refused = await run('scripts/restore.ts', [cut], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `${cut} is cut short or damaged: its contents do not match the checksum in its header. Nothing was restored.`,
    );
    expect(existsSync(target)).toBe(false);
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL)('npm run restore into an empty PostgreSQL database', () => {
  let scratch: ScratchDatabase | undefined;
  afterAll(async () => scratch?.drop());

  it('restores every figure, the password and the pending withdrawal; a second restore is refused', async () => {
    scratch = await createScratchPostgres();
    const restored = await run('scripts/restore.ts', [backupFile], { DATABASE_URL: scratch.url });
    expect(restored.output).toContain(`Restored 25 responses from ${backupFile}.`);
    expect(restored.code).toBe(0);
    const db = await openPostgres(scratch.url, 2);
    try {
      const again = await run('scripts/restore.ts', [backupFile], { DATABASE_URL: scratch.url });
      expect(again.code).toBe(1);
      // Named as scripts/restore.ts names it: from DATABASE_URL, whatever host and port that is.
      const { pathname, host } = new URL(scratch.url);
      expect(again.output).toContain(
        `The database "${pathname.slice(1)}" at ${host} is not empty: it holds 25 responses and a hidden page password.`,
      );
      await expectSameAsSource(db);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('backs up that PostgreSQL database too, and the file restores into PGlite', async () => {
    const fromPostgres = join(work, 'from-postgres.sql');
    const made = await run('scripts/backup.ts', [fromPostgres], { DATABASE_URL: scratch!.url });
    expect(made.code).toBe(0);
    const target = join(work, 'from-postgres');
    const restored = await run('scripts/restore.ts', [fromPostgres], { DATA_DIR: target });
    expect(restored.output).toContain(`Restored 25 responses from ${fromPostgres}.`);
    const db = await openPglite(target);
    try {
      const pg = await openPostgres(scratch!.url, 1);
      try {
        expect(await figures(db)).toEqual(await figures(pg));
      } finally {
        await pg.close();
      }
    } finally {
      await db.close();
    }
  }, 120_000);
});
