import { onMount, type ReadableAtom } from 'nanostores';

/**
 * Runs `start` when `store` gains its first listener in a browser (its
 * return value is the stop). While Astro pre-renders a page there is no one
 * to load for: reading a store there must not call the backend.
 */
export function onFirstListener(store: ReadableAtom<unknown>, start: () => void | (() => void)): void {
  onMount(store, () => (typeof document === 'undefined' ? undefined : start()));
}
