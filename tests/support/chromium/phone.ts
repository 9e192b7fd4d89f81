/** A phone-sized browser, the screen most visitors arrive on. */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const PHONE = { width: 360, height: 740 };

export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}
