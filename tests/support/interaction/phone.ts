/**
 * A phone as Lighthouse's mobile preset sees one, in Playwright: 390×844,
 * the CPU slowed 4× and slow 4G through the DevTools protocol, and the
 * browser's own Event Timing entries collected from the first byte on.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

const VIEWPORT = { width: 390, height: 844 };
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile network: 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
const SLOW_4G = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export interface TimedEvent {
  type: string;
  name: string;
  duration: number;
  interactionId: number;
  startTime: number;
  processingStart: number;
  processingEnd: number;
}

declare global {
  interface Window {
    __eventTimings?: TimedEvent[];
  }
}

/** Runs in the page before any of its scripts: every event entry of 16 ms or more, and the first input. */
function observeEventTiming(): void {
  const seen: TimedEvent[] = (window.__eventTimings = []);
  const record = (list: PerformanceObserverEntryList) => {
    // interactionId is newer than TypeScript's DOM types.
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
      const { entryType: type, name, duration, interactionId, startTime, processingStart, processingEnd } = entry;
      seen.push({ type, name, duration, interactionId, startTime, processingStart, processingEnd });
    }
  };
  new PerformanceObserver(record).observe({
    type: 'event',
    durationThreshold: 16,
    buffered: true,
  } as PerformanceObserverInit);
  new PerformanceObserver(record).observe({ type: 'first-input', buffered: true });
}

/**
 * A page on that phone: its screen, its CPU slowed, and slow 4G unless
 * `network` is false. The end-to-end tests drive it too, without the
 * network (tests/support/chromium/phone.ts), so a tap's limit there and
 * its figure here are on one phone.
 */
export async function slowPhone(
  browser: Browser,
  { network = true } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  }
  return { context, page };
}

/** The bench's phone: slowPhone, with the page's Event Timing entries collected. */
export async function phonePage(
  browser: Browser,
  { network = true } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const phone = await slowPhone(browser, { network });
  await phone.page.addInitScript(observeEventTiming);
  return phone;
}

/** The page's clock now: what the page's own timings are measured in. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/**
 * Waits until `effect` holds in the page, checked every frame. An effect
 * returns the page's clock (performance.now()) once it holds, false before;
 * resolves with that time, or null after `within` ms.
 */
export async function whenTrue(page: Page, effect: () => number | false, within: number): Promise<number | null> {
  try {
    const handle = await page.waitForFunction(effect, undefined, { polling: 'raf', timeout: within });
    return (await handle.jsonValue()) as number;
  } catch {
    return null;
  }
}
