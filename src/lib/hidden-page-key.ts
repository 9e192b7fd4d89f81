/**
 * The key the hidden page hands a browser that gave its password
 * (unlock_hidden_page): kept in localStorage until it expires, so that this
 * browser comes back without the password and past the limits on wrong
 * ones. The password itself is never stored.
 */
import type { HiddenPageKey } from './api.ts';

const STORAGE_KEY = 'hidden-page-key';

// Without localStorage (blocked storage, tests) the key lasts as long as the page.
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

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
  try {
    const parsed = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (!isHiddenPageKey(parsed) || !(Date.parse(parsed.expires_at) > now)) return null;
    return parsed.key;
  } catch {
    return null;
  }
}

export function saveHiddenPageKey(granted: HiddenPageKey): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ key: granted.key, expires_at: granted.expires_at }));
  } catch {
    // A full or blocked storage asks for the password on the next visit.
  }
}

export function forgetHiddenPageKey(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing could be stored there either.
  }
}
