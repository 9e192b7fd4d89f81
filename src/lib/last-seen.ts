/**
 * The last figures this browser received from the backend, one entry per
 * read, kept in localStorage with the moment they came: what a page shows,
 * dated, while that read fails (offline). Aggregates only, never a name.
 */

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

/** Keeps `data` as the last figures of `read`, received now. */
export function keepLastSeen(read: LastSeenRead, data: unknown, seenAt = Date.now()): void {
  try {
    localStorage.setItem(LAST_SEEN_KEYS[read], JSON.stringify({ data, seenAt }));
  } catch {
    // Without storage, the page simply has nothing to show offline.
  }
}

/** The last figures of `read`, if any were kept and `isData` accepts them. */
export function readLastSeen<T>(read: LastSeenRead, isData: (data: unknown) => data is T): Seen<T> | null {
  try {
    const kept = JSON.parse(localStorage.getItem(LAST_SEEN_KEYS[read]) ?? 'null') as Partial<Seen<unknown>> | null;
    return kept && typeof kept.seenAt === 'number' && isData(kept.data)
      ? { data: kept.data, seenAt: kept.seenAt }
      : null;
  } catch {
    // Storage blocked or its entry unreadable: as if nothing was seen.
    return null;
  }
}
