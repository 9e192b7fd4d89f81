/**
 * The site follows the system's color scheme: the dark palette for dark, the
 * light one for light, on every page, the results screen and an overlay,
 * each with axe's color-contrast rule passing, and the theme-color the
 * browser shows following the scheme too. The canvas charts draw in the
 * scheme's palette and change with it while the page stays open.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHART_PALETTES } from '../../src/charts/palette.ts';
import { VALUES, type Value } from '../../src/core/values.ts';
import { SCHEMES, type Scheme } from '../../src/styles/scheme-colors.ts';
import { untilHydrated } from '../support/chromium/browser.ts';
import {
  canvasOf,
  countPixels,
  spreadRespondents,
  submitAll,
  waitForDrawing,
} from '../support/chromium/insights-page.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, visitorOn } from '../support/chromium/quiz-driver.ts';

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

describe('the canvas charts follow the scheme, and are drawn anew when it changes, with no reload', () => {
  const product = useProduct();
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  beforeAll(async () => {
    // Respondents, so that the comparison and every chart of /insights have something to draw.
    await submitAll(product.app, spreadRespondents([null, null, null, null]));
  });

  /** The colour of the canvas's top left pixel, as #rrggbb: the painted background of the charts that have one. */
  const corner = (page: Page, chart: string) =>
    canvasOf(page, chart).evaluate((c: HTMLCanvasElement) => {
      const [r, g, b] = c.getContext('2d')!.getImageData(1, 1, 1, 1).data;
      return `#${[r!, g!, b!].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
    });
  /** How many pixels of each value's colours (bright, dark) the chart shows. */
  const valuePixels = async (page: Page, chart: string, scheme: Scheme, shade: 'bright' | 'dark') =>
    Object.fromEntries(
      await Promise.all(
        VALUES.map(async (v) => [
          v,
          (await countPixels(page, chart, CHART_PALETTES[scheme].values[v][shade], 0)).ofColour,
        ]),
      ),
    ) as Record<Value, number>;
  const every = (counts: Record<Value, number>) => Math.min(...Object.values(counts));
  const any = (counts: Record<Value, number>) => Math.max(...Object.values(counts));

  async function open(): Promise<Page> {
    context = await product.browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
    return context.newPage();
  }

  it('the results screen: the result map and the comparison', async () => {
    const page = await open();
    await visitorOn(page).toResults(product.app.url);
    for (const chart of ['result', 'compare']) await waitForDrawing(page, chart);
    const light = CHART_PALETTES.light;
    expect(await corner(page, 'result')).toBe(light.background);
    expect(await corner(page, 'compare')).toBe(light.background);
    // The visitor's bars and the average's, each value in its own colours.
    expect(every(await valuePixels(page, 'compare', 'light', 'bright'))).toBeGreaterThan(200);
    expect(every(await valuePixels(page, 'compare', 'light', 'dark'))).toBeGreaterThan(200);

    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = CHART_PALETTES.dark;
    await expect.poll(() => corner(page, 'result'), POLL).toBe(dark.background);
    await expect.poll(() => corner(page, 'compare'), POLL).toBe(dark.background);
    await expect
      .poll(async () => every(await valuePixels(page, 'compare', 'dark', 'bright')), POLL)
      .toBeGreaterThan(200);
    expect(every(await valuePixels(page, 'compare', 'dark', 'dark'))).toBeGreaterThan(200);
    expect(any(await valuePixels(page, 'compare', 'light', 'bright'))).toBe(0);
  });

  it('/insights: the pie and the heatmap', async () => {
    const page = await open();
    await page.goto(`${product.app.url}/insights`);
    for (const chart of ['pie', 'heatmap']) await waitForDrawing(page, chart);
    expect(await corner(page, 'heatmap')).toBe(CHART_PALETTES.light.background);
    expect(every(await valuePixels(page, 'pie', 'light', 'bright'))).toBeGreaterThan(200);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => corner(page, 'heatmap'), POLL).toBe(CHART_PALETTES.dark.background);
    await expect.poll(async () => every(await valuePixels(page, 'pie', 'dark', 'bright')), POLL).toBeGreaterThan(200);
    expect(any(await valuePixels(page, 'pie', 'light', 'bright'))).toBe(0);
  });
});
