/**
 * A deleted or renamed group's name leaves the disk, not just the table:
 * after the local server's hourly run (server/retention.ts) no file of the
 * PGlite data folder holds its bytes, the WAL included, after a restart.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { eraseExpiredNamesHourly } from '../../server/retention.ts';
import { callAsAnon } from '../support/db-engines.ts';
import { filesHolding } from '../support/files-holding.ts';

describe('removed group names on disk [pglite]', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mc-group-names-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are in no file of the data folder after the hourly run and a restart', async () => {
    cpSync(inject('migratedDataDir'), dir, { recursive: true });
    const deleted = `Deleted group ${randomBytes(6).toString('hex')}`;
    const renamed = `Old name ${randomBytes(6).toString('hex')}`;
    let db = await openDatabase({ dataDir: dir });
    try {
      const gone = await callAsAnon<{ owner_key: string }>(db, 'create_group', { name: deleted });
      const kept = await callAsAnon<{ owner_key: string }>(db, 'create_group', { name: renamed });
      await db.exec('checkpoint');
      expect(filesHolding(dir, deleted).some((f) => f.startsWith('base/'))).toBe(true);
      expect(await callAsAnon(db, 'delete_group', { owner_key: gone.owner_key })).toEqual({ done: true });
      expect(await callAsAnon(db, 'rename_group', { owner_key: kept.owner_key, name: 'New name' })).toEqual({
        done: true,
      });
      const silent = { info: () => undefined, error: (m: string) => expect.fail(m) };
      (await eraseExpiredNamesHourly(db, { log: silent })).stop();
    } finally {
      await db.close();
    }
    db = await openDatabase({ dataDir: dir });
    await db.close();
    expect(filesHolding(dir, deleted)).toEqual([]);
    expect(filesHolding(dir, renamed)).toEqual([]);
  });
});
