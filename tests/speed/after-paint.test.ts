/**
 * When `afterFirstContentfulPaint` runs its work, driven by the paint entries
 * a browser would report. The end-to-end test (first-paint.test.ts) checks
 * the same in Chromium: no island's code is requested before that paint is
 * on the screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint } from '../../src/speed/after-paint.ts';

type Report = (list: { getEntries(): { name: string }[] }) => void;

/** A PerformanceObserver that reports paints when the test says so. */
function paintingBrowser(supported: string[]) {
  const observers: { report: Report; observing: boolean }[] = [];
  class PaintObserver {
    static supportedEntryTypes = supported;
    private readonly entry: { report: Report; observing: boolean };
    constructor(report: Report) {
      this.entry = { report, observing: false };
      observers.push(this.entry);
    }
    observe() {
      this.entry.observing = true;
    }
    disconnect() {
      this.entry.observing = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', PaintObserver);
  return {
    paint(...names: string[]) {
      for (const o of observers) if (o.observing) o.report({ getEntries: () => names.map((name) => ({ name })) });
    },
    observing: () => observers.filter((o) => o.observing).length,
  };
}

describe('afterFirstContentfulPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs once the first contentful paint is reported, and only once', () => {
    const browser = paintingBrowser(['paint']);
    const run = vi.fn();
    afterFirstContentfulPaint(run);
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
    browser.paint('first-paint', 'first-contentful-paint');
    expect(run).toHaveBeenCalledTimes(1);
    expect(browser.observing()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('after a first paint with no content, waits three seconds for one, then runs anyway', () => {
    const browser = paintingBrowser(['paint']);
    const run = vi.fn();
    afterFirstContentfulPaint(run);
    browser.paint('first-paint');
    vi.advanceTimersByTime(2999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('where paints are not reported, runs after the next paint', () => {
    paintingBrowser(['mark', 'measure']);
    const run = vi.fn();
    afterFirstContentfulPaint(run);
    expect(run).not.toHaveBeenCalled();
    // Outside a browser there is no frame: the next task stands in for it.
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
