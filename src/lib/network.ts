/**
 * "When the network is back": the one place the browser's `online` event is
 * listened to. A read or a chunk that failed for want of a network is tried
 * again then, rather than staying broken for the rest of the visit; and,
 * since that event can come before requests pass again, one that failed
 * while the browser said it was online is tried again after a pause too.
 */

/** The first pause before a load that failed while online is tried again; each further failure doubles it, five times at most (64 s). */
export const ONLINE_RETRY_MS = 2_000;
export const ONLINE_RETRY_DOUBLINGS = 5;

/** Calls `callback` each time the browser comes back online (only the next time with `once`); returns the cancel. */
export function onReconnect(callback: () => void, { once = false }: { once?: boolean } = {}): () => void {
  const target = globalThis as Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>;
  if (!target.addEventListener) return () => {};
  target.addEventListener('online', callback, { once });
  return () => target.removeEventListener?.('online', callback);
}

/**
 * Watches an attempt for the browser coming back online while it runs. An
 * attempt made offline may fail only after the network is back, when the
 * `online` event is already gone: waiting for the next one would wait for
 * ever. `retryOnReconnect` schedules `retry` for the next reconnection, or
 * right after the caller's own task if one came during the attempt; and,
 * when the browser says it is online, after a pause as well, whichever
 * comes first: the pause doubles with each of `failuresBefore`, the
 * failures of the same load before this one. Both return the cancel.
 * `stop` ends the watch of an attempt that succeeded.
 */
export function watchAttempt(failuresBefore = 0): { retryOnReconnect(retry: () => void): () => void; stop(): void } {
  let cameBack = false;
  const stop = onReconnect(() => (cameBack = true), { once: true });
  return {
    stop,
    retryOnReconnect(retry) {
      stop();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const cancel = () => {
        cancelReconnect();
        clearTimeout(timer);
      };
      const go = () => {
        cancel();
        retry();
      };
      const cancelReconnect = onReconnect(go, { once: true });
      if (cameBack || navigator.onLine) {
        timer = setTimeout(go, cameBack ? 0 : ONLINE_RETRY_MS * 2 ** Math.min(failuresBefore, ONLINE_RETRY_DOUBLINGS));
      }
      return cancel;
    },
  };
}

/**
 * Runs `load` until it succeeds: once now, then again each time the browser
 * comes back online, and after a pause when it failed while online. Every failure goes to `onError`. An aborted `signal`
 * stops the waiting; the promise then never settles, as nobody waits for it.
 */
export function untilLoaded<T>(
  load: () => Promise<T>,
  { onError, signal }: { onError?: (error: unknown) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve) => {
    let cancel = () => {};
    signal?.addEventListener('abort', () => cancel(), { once: true });
    let failures = 0;
    const attempt = () => {
      const watch = watchAttempt(failures);
      load().then(
        (value) => {
          watch.stop();
          resolve(value);
        },
        (error: unknown) => {
          watch.stop();
          if (signal?.aborted) return;
          onError?.(error);
          failures += 1;
          cancel = watch.retryOnReconnect(attempt);
        },
      );
    };
    attempt();
  });
}
