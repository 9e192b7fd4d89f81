/**
 * State of the public /insights page: the aggregates of all respondents,
 * fetched once the page's island first reads them. Never holds a name.
 */
import { fetchInsights, type Insights } from '../lib/api.ts';
import { onFirstListener } from './first-listener.ts';
import { remoteData } from './remote.ts';

/** The aggregates, or null when there is no one to aggregate yet. */
export function withRespondents<T extends Insights>(insights: T): T | null {
  return insights.count === 0 || !insights.mean || !insights.min || !insights.max ? null : insights;
}

const insights = remoteData<Insights>('insights data', withRespondents);

export const $insights = insights.$state;

onFirstListener($insights, () => {
  const { status } = $insights.get();
  if (status === 'ready' || status === 'empty') return;
  void insights.load(fetchInsights, { retryOnReconnect: true });
});
