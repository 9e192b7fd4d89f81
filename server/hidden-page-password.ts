/**
 * The hidden page's password is only ever stored as a bcrypt hash, through
 * set_hidden_page_password(). At start the server sets it from
 * HIDDEN_PAGE_PASSWORD; with none given and none stored, it makes one up and
 * prints it once, since no one could unlock the page otherwise.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from './db/engine.ts';

export type PasswordOutcome = { kind: 'set-from-env' } | { kind: 'kept' } | { kind: 'generated'; password: string };

export async function ensureHiddenPagePassword(db: Database, fromEnv: string | undefined): Promise<PasswordOutcome> {
  const setPassword = (password: string) =>
    db.query('select public.set_hidden_page_password($1)', [password]);
  if (fromEnv) {
    await setPassword(fromEnv);
    return { kind: 'set-from-env' };
  }
  const [stored] = await db.query<{ n: number }>('select count(*)::int as n from public.hidden_page_secret');
  if (stored && stored.n > 0) return { kind: 'kept' };
  const password = randomBytes(12).toString('base64url');
  await setPassword(password);
  return { kind: 'generated', password };
}
