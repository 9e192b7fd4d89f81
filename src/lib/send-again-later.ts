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

export function sendAgainLater(sendAll: () => void): { after(reason: QueueReason): void; reset(): void } {
  let pause = { ...FIRST };
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    after(reason) {
      if (timer !== undefined || (reason === 'unreachable' && !globalThis.navigator?.onLine)) return;
      timer = setTimeout(() => {
        timer = undefined;
        sendAll();
      }, pause[reason]);
      pause[reason] = Math.min(pause[reason] * 2, LONGEST[reason]);
    },
    reset() {
      pause = { ...FIRST };
    },
  };
}
