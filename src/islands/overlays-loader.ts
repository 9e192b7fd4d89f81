/**
 * The overlays (About, Explain, Understanding Your Chart) load on first use,
 * not with the page: they are a dialog few visitors open. The menu asks for
 * them as soon as the visitor reaches for it, and the results screen once it
 * is shown, so they are usually there by the time an overlay is opened, and
 * then drawn in the tap's own frame.
 */
import { onDemand } from '../speed/on-demand.ts';
import type { OverlaysProps } from './Overlays.tsx';

export const overlays = onDemand<OverlaysProps>(() => import('./Overlays.tsx'));

/** Fetches the overlays ahead of need; they load again, waiting for the network, when opened. */
export function prefetchOverlays(): void {
  void overlays.load();
}
