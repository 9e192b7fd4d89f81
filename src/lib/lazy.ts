/**
 * Runs `load` on the first call and shares its promise with every later
 * call. A failed load is forgotten, so the next call tries again: a chunk
 * that could not be fetched while offline must not stay broken for the visit.
 */
export function lazyOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
