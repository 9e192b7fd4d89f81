/** A phone-sized browser, the screen most visitors arrive on. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { slowPhone } from '../interaction/phone.ts';

export const PHONE = { width: 360, height: 740 };

export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

export interface SlowPhone {
  context: BrowserContext;
  page: Page;
  /** Every console error and warning and every uncaught error of the page, as it comes. */
  problems: string[];
}

/**
 * A page on the interaction bench's phone (tests/support/interaction/phone.ts:
 * Lighthouse's mobile screen and CPU), on the loopback's own network, its
 * console problems collected.
 */
export async function slowPhonePage(browser: Browser): Promise<SlowPhone> {
  const { context, page } = await slowPhone(browser, { network: false });
  const problems: string[] = [];
  page.on(
    'console',
    (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${m.type()}: ${m.text()}`),
  );
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  return { context, page, problems };
}
