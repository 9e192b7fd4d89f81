import { describe, expect, it } from 'vitest';
import * as overlays from '../../src/stores/overlays.ts';

describe('overlays and the menu', () => {
  it('About and Explain replace each other; the menu toggles and closes', () => {
    overlays.openOverlay('about');
    expect(overlays.$overlay.get()).toBe('about');
    overlays.openOverlay('explain');
    expect(overlays.$overlay.get()).toBe('explain');
    overlays.openOverlay('about');
    expect(overlays.$overlay.get()).toBe('about');
    overlays.closeOverlay();
    expect(overlays.$overlay.get()).toBeNull();

    overlays.toggleMenu();
    expect(overlays.$menuOpen.get()).toBe(true);
    overlays.toggleMenu();
    expect(overlays.$menuOpen.get()).toBe(false);
    overlays.toggleMenu();
    overlays.openOverlay('explain');
    expect(overlays.$menuOpen.get()).toBe(false);
    overlays.toggleMenu();
    overlays.closeMenu();
    expect(overlays.$menuOpen.get()).toBe(false);
  });
});
