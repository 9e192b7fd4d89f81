/**
 * State of the public /insights page: the aggregates of all respondents,
 * fetched once the page's island first reads them. Never holds a name.
 */
import { atom } from 'nanostores';
import { fetchInsights, type Insights } from '../lib/api.ts';
import { onFirstListener } from './first-listener.ts';
import { remoteData } from './remote.ts';

/** The aggregates, or null when there is no one to aggregate yet. */
export function withRespondents<T extends Insights>(insights: T): T | null {
  return insights.count === 0 || !insights.mean || !insights.min || !insights.max ? null : insights;
}

const insights = remoteData<Insights>('insights data', withRespondents);

export const $insights = insights.$state;

/** The last aggregates this browser received, and when: what the page shows while they cannot be fetched. */
interface SeenInsights {
  data: Insights;
  /** Milliseconds since the epoch. */
  seenAt: number;
}

const LAST_SEEN_KEY = 'myc.insights-last-seen.v1';

function readLastSeen(): SeenInsights | null {
  try {
    const kept = JSON.parse(localStorage.getItem(LAST_SEEN_KEY) ?? 'null') as Partial<SeenInsights> | null;
    return kept && typeof kept.seenAt === 'number' && kept.data ? { data: kept.data, seenAt: kept.seenAt } : null;
  } catch {
    // Storage blocked or its entry unreadable: as if nothing was seen.
    return null;
  }
}

/** Set once a read has failed and the browser kept earlier figures; null otherwise. */
export const $lastSeenInsights = atom<SeenInsights | null>(null);

onFirstListener($insights, () => {
  const { status } = $insights.get();
  if (status === 'ready' || status === 'empty') return;
  void insights.load(fetchInsights, { retryOnReconnect: true }).then((outcome) => {
    if (outcome === 'failed') $lastSeenInsights.set(readLastSeen());
  });
  return $insights.listen((state) => {
    if (state.status !== 'ready') return;
    $lastSeenInsights.set(null);
    try {
      localStorage.setItem(LAST_SEEN_KEY, JSON.stringify({ data: state.data, seenAt: Date.now() }));
    } catch {
      // Without storage, the page simply has nothing to show offline.
    }
  });
});
