/**
 * State of the public /insights page: the aggregates of all respondents,
 * fetched once the page's island first reads them. Never holds a name.
 */
import { atom } from 'nanostores';
import { fetchInsights, type Insights } from '../lib/api.ts';
import { keepLastSeen, readLastSeen, type Seen } from '../lib/last-seen.ts';
import { onFirstListener } from './first-listener.ts';
import { remoteData } from './remote.ts';

/** The aggregates, or null when there is no one to aggregate yet. */
export function withRespondents<T extends Insights>(insights: T): T | null {
  return insights.count === 0 || !insights.mean || !insights.min || !insights.max ? null : insights;
}

const insights = remoteData<Insights>('insights data', withRespondents);

export const $insights = insights.$state;

/** The last aggregates this browser received, and when: what the page shows while they cannot be fetched. */
export type SeenInsights = Seen<Insights>;

const isInsights = (data: unknown): data is Insights => typeof data === 'object' && data !== null;

/** Set once a read has failed and the browser kept earlier figures; null otherwise. */
export const $lastSeenInsights = atom<SeenInsights | null>(null);

onFirstListener($insights, () => {
  const { status } = $insights.get();
  if (status === 'ready' || status === 'empty') return;
  void insights.load(fetchInsights, { retryOnReconnect: true }).then((outcome) => {
    if (outcome === 'failed') $lastSeenInsights.set(readLastSeen('insights', isInsights));
  });
  return $insights.listen((state) => {
    if (state.status !== 'ready') return;
    $lastSeenInsights.set(null);
    keepLastSeen('insights', state.data);
  });
});
