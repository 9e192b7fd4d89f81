/**
 * One site navigation on every page but the quiz's screen: the quiz,
 * Insights, Figures and the essays, the same links in the same order, on a
 * phone as on a desktop; /hehe has it too, and its unlocked heading takes
 * focus without a ring around it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { E2E_PASSWORD } from '../support/chromium/app.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL } from '../support/chromium/quiz-driver.ts';

const SITE_LINKS = [
  ['Quiz', '/'],
  ['Insights', '/insights'],
  ['Figures', '/figures'],
  ['Values', '/values'],
];

/** Every kind of page the site has besides the quiz, each with the link that is current there (if any). */
const PAGES: { path: string; current: string | null }[] = [
  { path: '/insights', current: 'Insights' },
  { path: '/figures', current: 'Figures' },
  { path: '/values', current: 'Values' },
  { path: '/values/love', current: 'Values' },
  { path: '/values/reason', current: 'Values' },
  { path: '/no/such/page', current: null },
  { path: '/hehe', current: null },
];

async function siteLinks(page: Page): Promise<string[][]> {
  const nav = page.getByRole('navigation', { name: 'Site' });
  await nav.waitFor();
  return nav
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']));
}

describe('the site navigation', () => {
  const product = useProduct();
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    context = await product.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
    });
    page = await context.newPage();
  });
  afterEach(async () => context?.close());

  it('offers the quiz, Insights, Figures and the essays on every page but the quiz, marking where the visitor is', async () => {
    for (const { path, current } of PAGES) {
      await page.goto(`${product.app.url}${path}`);
      expect(await siteLinks(page), path).toEqual(SITE_LINKS);
      const marked = await page
        .getByRole('navigation', { name: 'Site' })
        .locator('[aria-current="page"]')
        .allInnerTexts();
      expect(marked, path).toEqual(current ? [current] : []);
      // On a phone the header wraps rather than scrolling the page sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    // The links lead where they say: from the 404 page to the figures, and on to the quiz.
    await page.goto(`${product.app.url}/no/such/page`);
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Figures' }).click();
    await page.getByRole('heading', { level: 1, name: 'Figures from literature' }).waitFor();
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Quiz' }).click();
    await page.getByRole('button', { name: 'Start Quiz' }).waitFor();
  });

  it('unlocks /hehe under the site header, its heading focused with no ring, its controls keeping theirs', async () => {
    await page.goto(`${product.app.url}/hehe`);
    await page.locator('button:has-text("Unlock"):enabled').waitFor();
    const field = page.getByPlaceholder('Enter secret password');
    await field.fill(E2E_PASSWORD);
    // From the keyboard, as a ring would show for.
    await field.press('Enter');
    const heading = page.getByRole('heading', { level: 1, name: 'Welcome to Secret Insights' });
    await heading.waitFor();
    expect(await siteLinks(page)).toEqual(SITE_LINKS);
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement), POLL).toBe(true);
    expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe('none');

    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { tag: el.tagName, outline: getComputedStyle(el).outlineStyle };
    });
    expect(ring.outline).toBe('solid');
  });
});
