/**
 * State of the public /insights page: the aggregates of all respondents,
 * fetched once per visit. Never holds a name.
 */
import { atom } from 'nanostores';
import { fetchInsights, type Insights } from '../lib/api.ts';

export type InsightsState =
  | { status: 'loading' }
  | { status: 'ready'; insights: Insights }
  /** No one has answered yet, or the call failed: the charts stay empty. */
  | { status: 'empty' };

export const $insights = atom<InsightsState>({ status: 'loading' });

export async function loadInsights(): Promise<void> {
  $insights.set({ status: 'loading' });
  try {
    const insights = await fetchInsights();
    if (insights.count === 0 || !insights.mean || !insights.min || !insights.max) {
      console.error('No insights data: no one has answered yet');
      $insights.set({ status: 'empty' });
      return;
    }
    $insights.set({ status: 'ready', insights });
  } catch (error) {
    console.error('Error fetching insights data', error);
    $insights.set({ status: 'empty' });
  }
}
