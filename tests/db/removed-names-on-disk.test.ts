/**
 * A withdrawn or expired name leaves the disk, not just the table: after the
 * local server's hourly run (server/retention.ts) no file of the database
 * holds its bytes. On PGlite that is every file of the data folder, the WAL
 * included, after a restart; on PostgreSQL, the scratch database's own
 * folder (the WAL there is the server's, shared with every database).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { accessSync, constants, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../server/db/engine.ts';
import { openDatabase } from '../../server/db/open.ts';
import { eraseExpiredNamesHourly } from '../../server/retention.ts';
import { availableEngines, callAsAnon, freshDatabase } from '../support/db-engines.ts';
import { nthChoices } from '../support/random-answers.ts';
import { filesHolding } from '../support/files-holding.ts';

interface TwoNames {
  /** Saved with a secret, to be withdrawn. */
  withdrawn: string;
  id: string;
  secret: string;
  /** Saved two years ago, past the retention. */
  expired: string;
}

/** Two respondents whose names no other row holds: one to withdraw, one past the retention. */
async function saveTwoNames(db: Database): Promise<TwoNames> {
  const withdrawn = `Withdrawn${randomBytes(6).toString('hex')}`;
  const expired = `Expired${randomBytes(6).toString('hex')}`;
  const id = randomUUID();
  const secret = randomBytes(32).toString('hex');
  await callAsAnon(db, 'submit_response', {
    submission_id: id,
    name: withdrawn,
    answers: nthChoices(1),
    withdrawal_secret: secret,
  });
  await callAsAnon(db, 'submit_response', { submission_id: randomUUID(), name: expired, answers: nthChoices(2) });
  await db.query(`update public.responses set created_at = now() - interval '2 years' where name = $1`, [expired]);
  return { withdrawn, id, secret, expired };
}

/**
 * Waits until no other session of the server holds a snapshot or a running
 * transaction from before now (a writing transaction between two statements
 * has no snapshot, yet holds VACUUM back as much). VACUUM keeps a removed row that an older snapshot may still see, and
 * the next hourly run takes it then; a test that runs the hour once waits
 * for a server free of such snapshots instead (other test files keep the
 * machine's PostgreSQL busy).
 */
async function noOlderSnapshot(db: Database): Promise<void> {
  const [now] = await db.query<{ xid: string }>('select txid_current()::text as xid');
  await expect
    .poll(
      async () =>
        (
          await db.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where pid <> pg_backend_pid()
               and (age(backend_xmin) > age($1::text::xid) or age(backend_xid) > age($1::text::xid))`,
            [now!.xid],
          )
        )[0]!.n,
      { timeout: 60_000, interval: 200 },
    )
    .toBe(0);
}

/** The scratch database's folder on the server, or null where this process cannot read it. */
async function databaseFolder(db: Database): Promise<string | null> {
  const [where] = await db.query<{ dir: string }>(
    `select current_setting('data_directory') || '/base/' || d.oid as dir from pg_database d where d.datname = current_database()`,
  );
  try {
    accessSync(where!.dir, constants.R_OK);
    return where!.dir;
  } catch {
    return null;
  }
}

/** A transaction left open after `statements`, until `end` is called; `ended` settles once it has committed. */
async function openTransaction(db: Database, statements: string[]): Promise<{ end: () => void; ended: Promise<void> }> {
  let end = () => {};
  let opened = () => {};
  const open = new Promise<void>((resolve) => (opened = resolve));
  const ended = db.transaction(async (tx) => {
    for (const statement of statements) await tx.query(statement);
    const held = new Promise<void>((resolve) => (end = resolve));
    opened();
    await held;
  });
  await open;
  return { end: () => end(), ended };
}

/** One hourly run, which must log no error. */
async function runHourlyCleanly(db: Database): Promise<void> {
  const silent = { info: () => undefined, error: (m: string) => expect.fail(m) };
  (await eraseExpiredNamesHourly(db, { log: silent })).stop();
}

/** Ends the open transaction, then runs the hour again once no older snapshot is left, and checkpoints. */
async function endThenRunHourly(db: Database, open: { end: () => void; ended: Promise<void> }): Promise<void> {
  open.end();
  await open.ended;
  await noOlderSnapshot(db);
  await runHourlyCleanly(db);
  await db.exec('checkpoint');
}

async function withdrawAndRunHourly(
  db: Database,
  names: TwoNames,
  beforeTheHour: () => Promise<void> = async () => undefined,
): Promise<void> {
  expect(await callAsAnon(db, 'withdraw_response', { submission_id: names.id, secret: names.secret })).toEqual({
    withdrawn: true,
  });
  await beforeTheHour();
  await runHourlyCleanly(db);
  expect(await db.query('select name from public.responses where name is not null')).toEqual([]);
}

describe('removed names on disk [pglite]', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mc-removed-names-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are in no file of the data folder, the WAL included, after the hourly run and a restart', async () => {
    cpSync(inject('migratedDataDir'), dir, { recursive: true });
    let db = await openDatabase({ dataDir: dir });
    let names: TwoNames;
    try {
      names = await saveTwoNames(db);
      await db.exec('checkpoint');
      // The test can see a name where it lies: in the table's file.
      expect(filesHolding(dir, names.withdrawn).some((f) => f.startsWith('base/'))).toBe(true);
      await withdrawAndRunHourly(db, names);
    } finally {
      await db.close();
    }
    db = await openDatabase({ dataDir: dir });
    await db.close();
    expect(filesHolding(dir, names.withdrawn)).toEqual([]);
    expect(filesHolding(dir, names.expired)).toEqual([]);
  });
});

if (availableEngines().includes('postgres')) {
  describe('removed names on disk [postgres]', () => {
    it("are in no file of the database's folder after the hourly run and a checkpoint", async (ctx) => {
      const fresh = await freshDatabase('postgres');
      try {
        const { db } = fresh;
        const dir = await databaseFolder(db);
        if (!dir) return ctx.skip("the server's files are not readable here");
        const [table] = await db.query<{ path: string }>(`select pg_relation_filepath('public.responses') as path`);
        const names = await saveTwoNames(db);
        await db.exec('checkpoint');
        expect(filesHolding(dir, names.withdrawn)).toContain(table!.path.split('/').at(-1));
        await withdrawAndRunHourly(db, names, () => noOlderSnapshot(db));
        await db.exec('checkpoint');
        expect(filesHolding(dir, names.withdrawn)).toEqual([]);
        expect(filesHolding(dir, names.expired)).toEqual([]);
      } finally {
        await fresh.dispose();
      }
    });

    it('are rewritten at the run after a transaction that read the table ends, and no run waits for it', async (ctx) => {
      const fresh = await freshDatabase('postgres');
      let release = () => {};
      try {
        const { db } = fresh;
        const dir = await databaseFolder(db);
        if (!dir) return ctx.skip("the server's files are not readable here");
        const names = await saveTwoNames(db);
        const reading = await openTransaction(db, ['select count(*) from public.responses']);
        release = reading.end;
        expect(await callAsAnon(db, 'withdraw_response', { submission_id: names.id, secret: names.secret })).toEqual({
          withdrawn: true,
        });
        const errors: string[] = [];
        (await eraseExpiredNamesHourly(db, { log: { info: () => undefined, error: (m) => errors.push(m) } })).stop();
        expect(errors).toEqual([
          'Could not vacuum what was removed: public.responses stayed in use for 5s by a transaction that read it; the next run rewrites it',
        ]);
        expect(await db.query('select relation from private.vacuum_due')).toEqual([{ relation: 'public.responses' }]);

        await endThenRunHourly(db, reading);
        expect(await db.query('select relation from private.vacuum_due')).toEqual([]);
        expect(filesHolding(dir, names.withdrawn)).toEqual([]);
      } finally {
        release();
        await fresh.dispose();
      }
    });

    it('stay listed while a snapshot from before the withdrawal is open, and leave the files at the run after it', async (ctx) => {
      const fresh = await freshDatabase('postgres');
      let release = () => {};
      try {
        const { db } = fresh;
        const dir = await databaseFolder(db);
        if (!dir) return ctx.skip("the server's files are not readable here");
        const names = await saveTwoNames(db);
        // A snapshot that reads another table: one that had read the responses would hold VACUUM FULL's lock back instead.
        const reading = await openTransaction(db, [
          'set transaction isolation level repeatable read',
          'select count(*) from private.limits',
        ]);
        release = reading.end;
        await withdrawAndRunHourly(db, names);
        // VACUUM kept the row that snapshot may read: the name is still in a file.
        await db.exec('checkpoint');
        expect(filesHolding(dir, names.withdrawn)).not.toEqual([]);
        expect(await db.query('select relation from private.vacuum_due order by relation')).toEqual([
          { relation: 'private.withdrawable_answers' },
          { relation: 'public.responses' },
        ]);

        await endThenRunHourly(db, reading);
        expect(await db.query('select relation from private.vacuum_due')).toEqual([]);
        expect(filesHolding(dir, names.withdrawn)).toEqual([]);
      } finally {
        release();
        await fresh.dispose();
      }
    });
  });
}
