/**
 * When an outbox sends everything it holds again after a failed send, other
 * than on a page load or the browser's `online` event:
 * - after "too many" (429), once a pause has passed;
 * - after a send that could not reach the backend while the browser says it
 *   is online: the backend was down, or the network's return was announced
 *   before requests could pass again, and no other `online` event will come.
 *   Offline, that event sends it instead.
 * One timer at a time; each further failure of the same kind doubles its
 * pause up to the longest, and a send that passes brings both back to their first.
 */

import type { Api } from './load-api.ts';

/** Why a send waits in its outbox: the backend could not be reached or failed, or it asked for a pause (429). */
export type QueueReason = 'unreachable' | 'rate-limited';

export const RATE_LIMIT_PAUSE_MS = 30_000;
export const RATE_LIMIT_LONGEST_PAUSE_MS = 10 * 60_000;
export const UNREACHABLE_PAUSE_MS = 10_000;
export const UNREACHABLE_LONGEST_PAUSE_MS = 5 * 60_000;

const FIRST: Record<QueueReason, number> = { 'rate-limited': RATE_LIMIT_PAUSE_MS, unreachable: UNREACHABLE_PAUSE_MS };
const LONGEST: Record<QueueReason, number> = {
  'rate-limited': RATE_LIMIT_LONGEST_PAUSE_MS,
  unreachable: UNREACHABLE_LONGEST_PAUSE_MS,
};

export interface SendAgainLater {
  /** Sends everything again after the pause `reason` calls for (offline and unreachable: never, the `online` event will). */
  after(reason: QueueReason): void;
  /**
   * What a failed send's error means, with the send again arranged: why it
   * waits, or null when the backend refused it for good. A 400 means the
   * backend looked at it and will never accept it (only a tampered outbox
   * sends one): retrying would loop for ever. Everything else (network,
   * 5xx, 429, auth trouble, an API client that could not load) may pass later.
   */
  afterFailure(error: unknown, api: Api | undefined): QueueReason | null;
  /** A send passed: the pauses start again from their first. */
  reset(): void;
}

export function sendAgainLater(sendAll: () => void): SendAgainLater {
  let pause = { ...FIRST };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const after = (reason: QueueReason) => {
    if (timer !== undefined || (reason === 'unreachable' && !globalThis.navigator?.onLine)) return;
    timer = setTimeout(() => {
      timer = undefined;
      sendAll();
    }, pause[reason]);
    pause[reason] = Math.min(pause[reason] * 2, LONGEST[reason]);
  };
  return {
    after,
    afterFailure(error, api) {
      if (api && error instanceof api.ApiError && error.status === 400) return null;
      const reason = api?.isRateLimited(error) ? 'rate-limited' : 'unreachable';
      after(reason);
      return reason;
    },
    reset() {
      pause = { ...FIRST };
    },
  };
}
