/**
 * An outbox's list (lib/outbox.ts, lib/withdrawals.ts), kept apart from the
 * storage helper it is built on, which "/" loads before anything waits.
 */
import { readList, storage, writeList } from './browser-storage.ts';

interface PendingList<T> {
  read(): T[];
  write(list: readonly T[]): void;
}

/**
 * An outbox's list in localStorage, its entries read back through
 * `isEntry`. Without localStorage (blocked, or outside a browser) it lives
 * as long as the page.
 */
export function pendingList<T>(key: string, isEntry: (value: unknown) => value is T): PendingList<T> {
  let memory: T[] = [];
  return {
    read: () => (storage('localStorage') ? readList('localStorage', key, (v) => (isEntry(v) ? v : null)) : [...memory]),
    write(list) {
      memory = [...list];
      writeList('localStorage', key, list);
    },
  };
}
