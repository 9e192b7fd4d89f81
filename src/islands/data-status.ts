/**
 * What the pages say in place of data they do not have, per read and state.
 * A read that failed says so and says what happens next; only a read that
 * succeeded with nothing in it says there is nothing yet.
 */
import type { RemoteStatus } from '../stores/remote.ts';

type Missing = Exclude<RemoteStatus, 'ready'>;

const BACK_SOON = 'It will appear by itself once the connection is back.';

export const DATA_STATUS = {
  comparison: {
    idle: 'Loading comparison chart...',
    loading: 'Loading comparison chart...',
    empty: 'No one else has answered yet, so there is no average to compare with.',
    failed: `The average of everyone's answers could not be fetched just now. ${BACK_SOON}`,
  },
  answerShares: {
    failed: `How others answered could not be fetched just now. ${BACK_SOON}`,
  },
  insights: {
    idle: 'Loading…',
    loading: 'Loading…',
    empty: 'No data yet.',
    failed: 'Not available: the figures could not be fetched.',
  },
  /** Above the charts of /insights when its read failed. */
  insightsFailed:
    'The figures could not be fetched just now. They will appear by themselves once the connection is back, or when the page is reloaded.',
  unlock: {
    failed: 'The password could not be checked just now: the server did not answer. Try again in a moment.',
    // The lockout and the window of private.limits (supabase/schemas/20_limits.sql), as /privacy says them.
    throttled: 'Too many wrong passwords: passwords are refused here for up to 15 minutes. Try again after that.',
  },
  search: {
    failed: 'The search could not be made just now: the server did not answer. Try again in a moment.',
  },
  csv: {
    failed:
      'The CSV could not be finished: the server did not answer every page. Nothing was saved; try again in a moment.',
  },
} as const satisfies {
  comparison: Record<Missing, string>;
  answerShares: { failed: string };
  insights: Record<Missing, string>;
  insightsFailed: string;
  unlock: Record<'failed' | 'throttled', string>;
  search: { failed: string };
  csv: { failed: string };
};

/** When figures kept by the browser were received, as the pages write it: "May 4, 2025 at 3:12 PM". */
function seenOn(seenAt: Date): string {
  return seenAt.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}

/** Above the charts of /insights when its read failed and the browser kept the figures it last received. */
export function insightsLastSeen(seenAt: Date): string {
  return `The figures could not be fetched just now: these are the ones this browser last received, on ${seenOn(seenAt)}. The current ones will appear by themselves once the connection is back.`;
}

/** Above the comparison when the average could not be fetched and the browser kept the one it last received. */
export function comparisonLastSeen(seenAt: Date): string {
  return `The average as of ${seenOn(seenAt)}, the last this browser received: the current one could not be fetched just now. ${BACK_SOON}`;
}
