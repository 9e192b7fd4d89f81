/**
 * When an outbox sends everything it holds again after a failed send, other
 * than on a page load:
 * - after "too many" (429), once a pause has passed: 30 s, doubling with
 *   each further "too many" up to ten minutes;
 * - after a send that could not reach the backend, as any load that failed
 *   for want of a network is tried again (lib/network.ts): on the browser's
 *   return online, and, while it says it is online (the backend was down, or
 *   the network's return was announced before requests could pass), after a
 *   pause that doubles with each failure in a row.
 * A send that passes brings both back to their first pause.
 */
import type { Api } from './load-api.ts';
import { watchAttempt } from './network.ts';

/** Why a send waits in its outbox: the backend could not be reached or failed, or it asked for a pause (429). */
export type QueueReason = 'unreachable' | 'rate-limited';

export const RATE_LIMIT_PAUSE_MS = 30_000;
export const RATE_LIMIT_LONGEST_PAUSE_MS = 10 * 60_000;

interface SendAgainLater {
  /** Arranges the next send of everything for a send that waits for `reason`. */
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
  let pause = RATE_LIMIT_PAUSE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unreachable = 0;
  let cancelRetry = () => {};
  const after = (reason: QueueReason) => {
    if (reason === 'unreachable') {
      cancelRetry();
      cancelRetry = watchAttempt(unreachable++).retryOnReconnect(sendAll);
      return;
    }
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      sendAll();
    }, pause);
    pause = Math.min(pause * 2, RATE_LIMIT_LONGEST_PAUSE_MS);
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
      pause = RATE_LIMIT_PAUSE_MS;
      unreachable = 0;
    },
  };
}
