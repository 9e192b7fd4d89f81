/**
 * What an outbox does after the backend answered "too many" (429): it waits,
 * then sends everything it holds again. One timer at a time; each further
 * "too many" doubles the wait up to the longest, and a send that passes
 * brings it back to the first.
 */

export const RATE_LIMIT_PAUSE_MS = 30_000;
export const RATE_LIMIT_LONGEST_PAUSE_MS = 10 * 60_000;

export function pauseAfterTooMany(sendAll: () => void): { start(): void; reset(): void } {
  let pause = RATE_LIMIT_PAUSE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    start() {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        sendAll();
      }, pause);
      pause = Math.min(pause * 2, RATE_LIMIT_LONGEST_PAUSE_MS);
    },
    reset() {
      pause = RATE_LIMIT_PAUSE_MS;
    },
  };
}
