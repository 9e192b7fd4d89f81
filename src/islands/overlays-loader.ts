/**
 * The overlays (About, Explain, Understanding Your Chart) load on first use,
 * not with the page: they are a dialog few visitors open. The menu asks for
 * them as soon as the visitor reaches for it, so they are usually there by
 * the time an entry is tapped.
 */
import { lazyOnce } from '../lib/lazy.ts';

export const loadOverlays = lazyOnce(() => import('./Overlays.tsx'));

/** Fetches the overlays ahead of need; a failure is no error here, the overlay asks again when opened. */
export function prefetchOverlays(): void {
  loadOverlays().catch(() => {});
}
