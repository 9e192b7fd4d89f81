/** A phone-sized browser, the screen most visitors arrive on. */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const PHONE = { width: 360, height: 740 };

export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

/** A phone as Lighthouse's mobile preset sees it: 390×844 with the CPU slowed 4×. */
const SLOW_PHONE = { width: 390, height: 844 };

export interface SlowPhone {
  context: BrowserContext;
  page: Page;
  /** Every console error and warning and every uncaught error of the page, as it comes. */
  problems: string[];
}

/** A page on a 390×844 phone with the CPU slowed 4× through the DevTools protocol, its console problems collected. */
export async function slowPhonePage(browser: Browser): Promise<SlowPhone> {
  const context = await browser.newContext({
    viewport: SLOW_PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const problems: string[] = [];
  page.on(
    'console',
    (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${m.type()}: ${m.text()}`),
  );
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  return { context, page, problems };
}
