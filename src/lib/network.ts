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
      load().then(resolve, (error: unknown) => {
        if (signal?.aborted) return;
        onError?.(error);
        cancel = onReconnect(attempt, { once: true });
      });
    };
    attempt();
  });
}
