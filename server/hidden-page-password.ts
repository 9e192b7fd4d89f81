/**
 * The hidden page's password is only ever stored as a bcrypt hash, through
 * set_hidden_page_password(). At start the server sets it from
 * HIDDEN_PAGE_PASSWORD; with none given and none stored, it makes one up and
 * prints it once, since no one could unlock the page otherwise.
 * `npm run set-password` uses the same rules and the same generator.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from './db/engine.ts';

/** What set_hidden_page_password() accepts (private.hidden_page_password_min_chars/max_bytes). */
export const MIN_CHARS = 8;
export const MAX_BYTES = 72;

/** Why the database would refuse this passphrase, or undefined when it would take it. */
export function passphraseProblem(passphrase: string): string | undefined {
  const chars = [...passphrase].length;
  if (chars < MIN_CHARS) return `the passphrase must be at least ${MIN_CHARS} characters; this one has ${chars}`;
  const bytes = Buffer.byteLength(passphrase);
  if (bytes > MAX_BYTES) {
    return `the passphrase must be at most ${MAX_BYTES} bytes in UTF-8 (bcrypt reads no further); this one has ${bytes}`;
  }
  return undefined;
}

/** A new 96-bit passphrase, 16 URL-safe characters. */
export function newPassphrase(): string {
  return randomBytes(12).toString('base64url');
}

/** Stores the bcrypt hash of `passphrase`, bound as a parameter so it appears in no statement text. */
export async function setHiddenPagePassword(db: Database, passphrase: string): Promise<void> {
  await db.query('select public.set_hidden_page_password($1)', [passphrase]);
}

export type PasswordOutcome = { kind: 'set-from-env' } | { kind: 'kept' } | { kind: 'generated'; password: string };

/** Whether `passphrase` is the password in force: bcrypt against the stored hash, the passphrase bound as a parameter. */
async function isCurrentPassword(db: Database, passphrase: string): Promise<boolean> {
  const [row] = await db.query<{ same: boolean }>(
    'select s.password_hash = extensions.crypt($1, s.password_hash) as same from public.hidden_page_secret s',
    [passphrase],
  );
  return row?.same ?? false;
}

/**
 * HIDDEN_PAGE_PASSWORD replaces the password only when it differs from the
 * one in force: setting it revokes every key the page handed out, and a
 * restart with the same password must leave the owner's 30-day key working.
 */
export async function ensureHiddenPagePassword(db: Database, fromEnv: string | undefined): Promise<PasswordOutcome> {
  if (fromEnv) {
    if (await isCurrentPassword(db, fromEnv)) return { kind: 'kept' };
    await setHiddenPagePassword(db, fromEnv);
    return { kind: 'set-from-env' };
  }
  const [stored] = await db.query<{ n: number }>('select count(*)::int as n from public.hidden_page_secret');
  if (stored && stored.n > 0) return { kind: 'kept' };
  const password = newPassphrase();
  await setHiddenPagePassword(db, password);
  return { kind: 'generated', password };
}
