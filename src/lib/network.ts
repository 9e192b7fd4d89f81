/**
 * "When the network is back": the one place the browser's `online` event is
 * listened to. A read or a chunk that failed for want of a network is tried
 * again then, rather than staying broken for the rest of the visit.
 */

/** Calls `callback` each time the browser comes back online (only the next time with `once`); returns the cancel. */
export function onReconnect(callback: () => void, { once = false }: { once?: boolean } = {}): () => void {
  const target = globalThis as Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>;
  if (!target.addEventListener || !target.removeEventListener) return () => {};
  target.addEventListener('online', callback, { once });
  return () => target.removeEventListener?.('online', callback);
}

/**
 * Watches an attempt for the browser coming back online while it runs. An
 * attempt made offline may fail only after the network is back, when the
 * `online` event is already gone: waiting for the next one would wait for
 * ever. `retryOnReconnect` schedules `retry` for the next reconnection, or
 * right after the caller's own task if one came during the attempt; both
 * return the cancel. `stop` ends the watch of an attempt that succeeded.
 */
export function watchAttempt(): { retryOnReconnect(retry: () => void): () => void; stop(): void } {
  let cameBack = false;
  const stop = onReconnect(() => (cameBack = true), { once: true });
  return {
    stop,
    retryOnReconnect(retry) {
      stop();
      if (!cameBack) return onReconnect(retry, { once: true });
      const timer = setTimeout(retry, 0);
      return () => clearTimeout(timer);
    },
  };
}

/**
 * Runs `load` until it succeeds: once now, then again each time the browser
 * comes back online. Every failure goes to `onError`. An aborted `signal`
 * stops the waiting; the promise then never settles, as nobody waits for it.
 */
export function untilLoaded<T>(
  load: () => Promise<T>,
  { onError, signal }: { onError?: (error: unknown) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve) => {
    let cancel = () => {};
    signal?.addEventListener('abort', () => cancel(), { once: true });
    const attempt = () => {
      const watch = watchAttempt();
      load().then(
        (value) => {
          watch.stop();
          resolve(value);
        },
        (error: unknown) => {
          watch.stop();
          if (signal?.aborted) return;
          onError?.(error);
          cancel = watch.retryOnReconnect(attempt);
        },
      );
    };
    attempt();
  });
}
