/**
 * The browser around the stores and the platform code, as the unit tests
 * stand in for it under Node: the window's events, and time for pending
 * promises and timers to run.
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

/** Lets the pending promises and the timers of 0 ms run, through a few rounds of each starting the next. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}
