/**
 * The browser's storage as every keepsake uses it: guarded access (storage
 * can be blocked, full, or missing outside a browser), JSON read back through
 * a reader that refuses what this site did not write, and a key removed
 * rather than left holding nothing. Nothing here throws.
 */

type StorageKind = 'localStorage' | 'sessionStorage';

/** Where the outboxes keep what waits (lib/outbox.ts, lib/withdrawals.ts): named here so that their code loads only when one waits. */
export const SUBMISSIONS_KEY = 'myc.pending-submissions.v1';
export const WITHDRAWALS_KEY = 'myc.pending-withdrawals.v1';
/** Where the visitor's earlier results are kept (lib/trail-storage.ts). */
export const TRAIL_KEY = 'myc.map-trail.v1';
/** The groups this browser started or joined, with their keys (lib/group-storage.ts). */
export const GROUPS_KEY = 'myc.groups.v1';
/** The group the next quiz in this tab is taken for (sessionStorage). */
export const NEXT_QUIZ_GROUP_KEY = 'myc.next-quiz-group.v1';
/** Joins waiting for their result's save, or for the connection (localStorage). */
export const WAITING_JOINS_KEY = 'myc.waiting-joins.v1';

/** The storage of that kind, or null where it is blocked or missing (outside a browser). */
export function storage(kind: StorageKind): Storage | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null;
  }
}

/** Whether `key` holds anything in localStorage (or the storage of `kind`), without reading it. */
export function isKept(key: string, kind: StorageKind = 'localStorage'): boolean {
  try {
    return Boolean(storage(kind)?.getItem(key));
  } catch {
    return false;
  }
}

/** What `key` holds, as `read` reads its JSON; null when there is nothing, it is not JSON, or `read` refuses it. */
export function readStored<T>(kind: StorageKind, key: string, read: (value: unknown) => T | null): T | null {
  try {
    const text = storage(kind)?.getItem(key);
    return text ? read(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

/** Keeps `value` as JSON under `key`, or removes the key for null; false when the storage refused. */
export function writeStored(kind: StorageKind, key: string, value: unknown): boolean {
  try {
    const store = storage(kind);
    if (!store) return false;
    if (value === null) store.removeItem(key);
    else store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** A JSON list's entries that `read` accepts (it may convert them); none when the key holds no list. */
export function readList<T>(kind: StorageKind, key: string, read: (value: unknown) => T | null): T[] {
  const list = readStored(kind, key, (value) => (Array.isArray(value) ? (value as unknown[]) : null)) ?? [];
  return list.map(read).filter((entry) => entry !== null);
}

/** Keeps a list under `key`; an empty one removes the key. False when the storage refused. */
export function writeList(kind: StorageKind, key: string, list: readonly unknown[]): boolean {
  return writeStored(kind, key, list.length === 0 ? null : list);
}
