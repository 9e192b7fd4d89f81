/**
 * The browser around the stores and the platform code, as the unit tests
 * stand in for it under Node: the window's events.
 */
import { vi } from 'vitest';

/**
 * Gives globalThis the window's addEventListener and removeEventListener,
 * over an EventTarget the test dispatches on (e.g. `new Event('online')`).
 * Undone by vi.unstubAllGlobals().
 */
export function stubWindowEvents(): EventTarget {
  const browser = new EventTarget();
  vi.stubGlobal('addEventListener', browser.addEventListener.bind(browser));
  vi.stubGlobal('removeEventListener', browser.removeEventListener.bind(browser));
  return browser;
}
