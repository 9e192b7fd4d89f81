/**
 * The last figures this browser received from the backend, one entry per
 * read, kept in localStorage with the moment they came: what a page shows,
 * dated, while that read fails (offline). Aggregates only, never a name.
 */
import { readStored, writeStored } from './browser-storage.ts';

/** Figures as they were received, and when. */
export interface Seen<T> {
  data: T;
  /** Milliseconds since the epoch. */
  seenAt: number;
}

/** Each read's entry. */
export const LAST_SEEN_KEYS = {
  insights: 'myc.insights-last-seen.v1',
  comparison: 'myc.comparison-last-seen.v1',
} as const;

export type LastSeenRead = keyof typeof LAST_SEEN_KEYS;

/** Keeps `data` as the last figures of `read`, received now; without storage, a page simply has nothing to show offline. */
export function keepLastSeen(read: LastSeenRead, data: unknown, seenAt = Date.now()): void {
  writeStored('localStorage', LAST_SEEN_KEYS[read], { data, seenAt });
}

/** The last figures of `read`, if any were kept and `isData` accepts them. */
export function readLastSeen<T>(read: LastSeenRead, isData: (data: unknown) => data is T): Seen<T> | null {
  return readStored('localStorage', LAST_SEEN_KEYS[read], (value) => {
    const kept = value as Partial<Seen<unknown>> | null;
    return kept && typeof kept.seenAt === 'number' && isData(kept.data)
      ? { data: kept.data, seenAt: kept.seenAt }
      : null;
  });
}
