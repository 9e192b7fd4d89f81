import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/**
 * An island's view of a store, rendered again on each change: React's own
 * external-store hook over the store's listen and get. @nanostores/react's
 * hook does the same and also brings key listening and deep paths, which no
 * island uses and which "/" would load before any interaction. A computed
 * store's get returns the same value until its inputs change, as the hook
 * requires.
 */
export function useStore<Value>($store: ReadableAtom<Value>): Value {
  return useSyncExternalStore($store.listen, $store.get, $store.get);
}
