/**
 * What lies over the page on "/": which overlay is open, and whether the menu is.
 * About and Explain (and the results' "Understanding Your Chart") replace each other.
 */
import { atom } from 'nanostores';

export type Overlay = 'about' | 'explain' | 'understanding' | null;

export const $overlay = atom<Overlay>(null);
export const $menuOpen = atom<boolean>(false);

export function openOverlay(overlay: Exclude<Overlay, null>): void {
  $menuOpen.set(false);
  $overlay.set(overlay);
}

export function closeOverlay(): void {
  $overlay.set(null);
}

export function toggleMenu(): void {
  $menuOpen.set(!$menuOpen.get());
}

export function closeMenu(): void {
  $menuOpen.set(false);
}

/** Everything closed: Home and Start over. */
export function closeOverlayAndMenu(): void {
  $overlay.set(null);
  $menuOpen.set(false);
}
