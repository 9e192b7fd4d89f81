/**
 * The site follows the system's color scheme: the dark palette for dark, the
 * light one for light, on every page, the results screen and an overlay,
 * each with axe's color-contrast rule passing, and the theme-color the
 * browser shows following the scheme too.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMES, type Scheme } from '../../src/styles/scheme-colors.ts';
import { untilHydrated } from '../support/chromium/browser.ts';
import { useProduct } from '../support/chromium/product.ts';
import { visitorOn } from '../support/chromium/quiz-driver.ts';

const PAGES = [
  '/',
  '/values',
  '/values/love',
  '/figures',
  '/privacy',
  '/insights',
  '/hehe',
  '/offline',
  '/no-such-page',
];

async function contrastViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
}

/** The page's background color as the browser computes it, as #rrggbb. */
function pageBackground(page: Page): Promise<string> {
  return page.evaluate(() => {
    const channels = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.slice(0, 3);
    return `#${channels.map((c) => Number(c).toString(16).padStart(2, '0')).join('')}`;
  });
}

describe.each(Object.keys(SCHEMES) as Scheme[])('in the %s color scheme', (scheme) => {
  const product = useProduct();
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function open(): Promise<Page> {
    context = await product.browser.newContext({ colorScheme: scheme, viewport: { width: 1280, height: 900 } });
    return context.newPage();
  }

  it('every page is drawn in its palette, with no contrast violation', async () => {
    const page = await open();
    for (const path of PAGES) {
      await page.goto(`${product.app.url}${path}`);
      await untilHydrated(page);
      expect(await pageBackground(page), path).toBe(SCHEMES[scheme].background);
      expect(await contrastViolations(page), path).toEqual([]);
    }
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('meta[name="theme-color"]')]
        .filter((m) => matchMedia(m.getAttribute('media') ?? 'all').matches)
        .map((m) => m.getAttribute('content')),
    );
    expect(shown).toEqual([SCHEMES[scheme].background]);
  });

  it('the results screen and its overlay have no contrast violation', async () => {
    const page = await open();
    await visitorOn(page).toResults(product.app.url);
    expect(await contrastViolations(page), 'results').toEqual([]);
    await page.getByRole('button', { name: 'What does this mean?' }).click();
    await page.getByRole('dialog', { name: 'Understanding Your Chart' }).waitFor();
    expect(await contrastViolations(page), 'overlay').toEqual([]);
  });
});
