import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_FLAGS, findTestChromium } from '../../../scripts/chromium.ts';
import { pageReady } from '../visitor.ts';

function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findTestChromium(), headless: true, args: CHROMIUM_FLAGS });
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker. The e2e project runs its files one
 * after another in each worker without isolating them (vitest.config.ts),
 * so they share one browser instead of launching their own, about 2 s of
 * CPU each; each file still gets contexts of its own, closed after it
 * (useProduct). The browser goes with the worker.
 */
export function workerChromium(): Promise<Browser> {
  workerBrowser ??= launchBrowser().then((browser) => {
    browser.once('disconnected', () => (workerBrowser = undefined));
    return browser;
  });
  workerBrowser.catch(() => (workerBrowser = undefined));
  return workerBrowser;
}

/**
 * Fails on any serious or critical axe-core violation, naming the rule and
 * where. It judges the page at rest: a question halfway through its fade-in
 * is not the contrast a visitor reads.
 */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${label}`).toEqual([]);
}

/** What the site is held to: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const;

/**
 * Fails on any axe-core violation of `AXE_TAGS`, whatever its impact, naming
 * the rule and where; at rest, as expectNoSeriousAxeViolations.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  const { violations } = await new AxeBuilder({ page }).withTags([...AXE_TAGS]).analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`).join(', ')}`,
  );
  expect(found, `axe on ${label}`).toEqual([]);
}

/** The address of every script `page` requests from now on, as it asks for it. */
export function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  return scripts;
}

/** Until `page` is ready for taps (pageReady, as every browser suite waits for it). */
export async function untilHydrated(page: Page, options?: { timeout?: number }): Promise<void> {
  await page.waitForFunction(pageReady, undefined, options);
}
