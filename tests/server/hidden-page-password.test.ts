import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/engine.ts';
import { ensureHiddenPagePassword } from '../../server/hidden-page-password.ts';
import { callAsAnon, freshDatabase } from '../support/db-engines.ts';

async function storedHash(db: Database): Promise<string[]> {
  return (await db.query<{ password_hash: string }>('select password_hash from public.hidden_page_secret')).map(
    (r) => r.password_hash,
  );
}

async function matches(db: Database, password: string): Promise<boolean> {
  const [row] = await db.query<{ ok: boolean }>(
    'select password_hash = extensions.crypt($1, password_hash) as ok from public.hidden_page_secret',
    [password],
  );
  return row?.ok ?? false;
}

describe('the hidden page password at server start', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => ({ db, dispose } = await freshDatabase('pglite')));
  afterAll(async () => dispose?.());

  it('is generated once when none is given and none is stored, and kept as a bcrypt hash only', async () => {
    const first = await ensureHiddenPagePassword(db, undefined);
    expect(first.kind).toBe('generated');
    if (first.kind !== 'generated') return;
    expect(first.password.length).toBeGreaterThanOrEqual(16);
    const [hash] = await storedHash(db);
    expect(hash).toMatch(/^\$2[aby]\$10\$/);
    expect(hash).not.toContain(first.password);
    expect(await matches(db, first.password)).toBe(true);

    expect(await ensureHiddenPagePassword(db, undefined)).toEqual({ kind: 'kept' });
    expect(await storedHash(db)).toEqual([hash]);
  });

  it('is replaced by HIDDEN_PAGE_PASSWORD', async () => {
    expect(await ensureHiddenPagePassword(db, 'correct horse battery')).toEqual({ kind: 'set-from-env' });
    expect(await storedHash(db)).toHaveLength(1);
    expect(await matches(db, 'correct horse battery')).toBe(true);
    expect(await matches(db, 'Correct horse battery')).toBe(false);
  });

  it('keeps the keys the page handed out when restarted with the same HIDDEN_PAGE_PASSWORD, and revokes them for a new one', async () => {
    const unlocked = await callAsAnon<{ key: string }>(db, 'unlock_hidden_page', { password: 'correct horse battery' });
    // A refused key is a 403, which callAsAnon throws as supabase-js reports it.
    const keyWorks = () =>
      callAsAnon(db, 'hidden_page_insights', { key: unlocked.key }).then(
        () => true,
        () => false,
      );
    expect(await keyWorks()).toBe(true);

    expect(await ensureHiddenPagePassword(db, 'correct horse battery')).toEqual({ kind: 'kept' });
    expect(await keyWorks()).toBe(true);

    expect(await ensureHiddenPagePassword(db, 'another horse battery')).toEqual({ kind: 'set-from-env' });
    expect(await keyWorks()).toBe(false);
    expect(await ensureHiddenPagePassword(db, 'correct horse battery')).toEqual({ kind: 'set-from-env' });
  });

  it('refuses a password under 8 characters and keeps the old one', async () => {
    await expect(ensureHiddenPagePassword(db, 'short')).rejects.toMatchObject({ code: '22023' });
    expect(await matches(db, 'correct horse battery')).toBe(true);
  });
});
