/**
 * The key the hidden page hands a browser that gave its password
 * (unlock_hidden_page): kept in localStorage until it expires, so that this
 * browser comes back without the password and past the limits on wrong
 * ones. The password itself is never stored.
 */
import type { HiddenPageKey } from './api.ts';
import { readStored, writeStored } from './browser-storage.ts';

const STORAGE_KEY = 'hidden-page-key';

function isHiddenPageKey(value: unknown): value is HiddenPageKey {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as HiddenPageKey).key === 'string' &&
    typeof (value as HiddenPageKey).expires_at === 'string'
  );
}

/** The stored key, or null when there is none, it cannot be read, or it has expired. */
export function readHiddenPageKey(now = Date.now()): string | null {
  const kept = readStored('localStorage', STORAGE_KEY, (v) => (isHiddenPageKey(v) ? v : null));
  return kept && Date.parse(kept.expires_at) > now ? kept.key : null;
}

/** Keeps the key; a full or blocked storage asks for the password on the next visit. */
export function saveHiddenPageKey(granted: HiddenPageKey): void {
  writeStored('localStorage', STORAGE_KEY, { key: granted.key, expires_at: granted.expires_at });
}

export function forgetHiddenPageKey(): void {
  writeStored('localStorage', STORAGE_KEY, null);
}
