/**
 * What the first paint of each page depends on, on a phone-sized screen: the
 * HTML alone (styles inline, no stylesheet request), and a largest paint that
 * the pre-rendered markup makes and hydration leaves where it is.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { spreadRespondents, submitAll, waitForDrawing } from '../support/chromium/insights-page.ts';
import { useProduct } from '../support/chromium/product.ts';
import { untilHydrated } from '../support/chromium/browser.ts';

const PHONE = { width: 360, height: 740 };
const ROUTES = ['/', '/insights', '/hehe', '/values', '/values/love'];
const HOME_LEDE = 'Twelve questions between Love, Duty, Honor and Reason.';

interface PaintRecord {
  /** Text of the element of each largest-contentful-paint entry, in order. */
  lcp: { text: string; time: number }[];
  /** Sum of every layout shift. */
  shift: number;
  /** When the first island finished hydrating (Astro drops its `ssr` attribute), or null. */
  hydratedAt: number | null;
}

/** Records paints, shifts and the first hydration from the very start of the document. */
async function recordPaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { lcp: [] as { text: string; time: number }[], shift: 0, hydratedAt: null as number | null };
    Object.assign(globalThis, { __paints: record });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        record.lcp.push({ text: entry.element?.textContent?.trim() ?? '', time: entry.startTime });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) record.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver((changes, observer) => {
      if (changes.some((c) => c.target instanceof Element && c.target.localName === 'astro-island')) {
        record.hydratedAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, attributeFilter: ['ssr'] });
  });
}

async function settle(page: Page): Promise<void> {
  await untilHydrated(page);
  // Layout shifts and paints are reported a frame late.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

describe('first paint on a phone', () => {
  const product = useProduct();

  for (const route of ROUTES) {
    it(`${route} asks for no stylesheet: its styles are in the HTML`, async () => {
      const html = await (await fetch(`${product.app.url}${route}`)).text();
      expect(html).not.toMatch(/<link[^>]+rel="?stylesheet/i);
      expect(html).toMatch(/<style[^>]*>[^<]*--bg:/);
    });
  }

  it('"/": the lede is the largest paint, painted before any island hydrated, and nothing shifts', async () => {
    const page = await product.browser.newPage({ viewport: PHONE });
    try {
      await recordPaints(page);
      await page.goto(`${product.app.url}/`);
      await settle(page);
      const paints = await page.evaluate(() => (globalThis as unknown as { __paints: PaintRecord }).__paints);
      const largest = paints.lcp.at(-1);
      expect(largest?.text).toBe(HOME_LEDE);
      expect(paints.hydratedAt).not.toBeNull();
      expect(largest!.time).toBeLessThan(paints.hydratedAt!);
      expect(paints.shift).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('"/": the intro sits where the HTML put it, with and without JavaScript', async () => {
    const staticPage = await product.browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
    const livePage = await product.browser.newPage({ viewport: PHONE });
    try {
      const boxes = async (page: Page) =>
        Promise.all(
          [
            page.getByRole('heading', { level: 1, name: 'Where do you stand?' }),
            page.getByText(HOME_LEDE, { exact: true }),
            page.getByRole('button', { name: 'Start Quiz' }),
          ].map((locator) => locator.boundingBox()),
        );
      await staticPage.goto(`${product.app.url}/`);
      await livePage.goto(`${product.app.url}/`);
      await settle(livePage);
      const before = await boxes(staticPage);
      expect(before.every((box) => box !== null && box.width > 0 && box.y < PHONE.height)).toBe(true);
      expect(await boxes(livePage)).toEqual(before);
    } finally {
      await staticPage.close();
      await livePage.close();
    }
  });

  for (const route of ['/insights', '/values/love']) {
    it(`${route}: the largest paint comes from the HTML and nothing shifts while it loads`, async () => {
      const page = await product.browser.newPage({ viewport: PHONE });
      try {
        await recordPaints(page);
        await page.goto(`${product.app.url}${route}`);
        await settle(page);
        const paints = await page.evaluate(() => (globalThis as unknown as { __paints: PaintRecord }).__paints);
        const html = await (await fetch(`${product.app.url}${route}`)).text();
        const largest = paints.lcp.at(-1)?.text ?? '';
        expect(largest.length).toBeGreaterThan(0);
        // The page's text as the HTML carries it: inline markup (an <em> in an essay) is not part of the painted text.
        const htmlText = html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
        expect(htmlText).toContain(largest.replace(/\s+/g, ' ').slice(0, 60));
        expect(paints.shift).toBe(0);
      } finally {
        await page.close();
      }
    });
  }

  describe('with respondents', () => {
    beforeAll(async () => {
      await submitAll(product.app, spreadRespondents(['Ada', 'Bruno', null]));
    });

    it('/insights: the count and the charts arrive without moving anything', async () => {
      const page = await product.browser.newPage({ viewport: PHONE });
      try {
        await recordPaints(page);
        await page.goto(`${product.app.url}/insights`);
        await page.getByText('Based on 3 respondents.', { exact: true }).waitFor();
        for (const chart of ['pie', 'scatter', 'relative', 'heatmap']) await waitForDrawing(page, chart);
        await settle(page);
        const paints = await page.evaluate(() => (globalThis as unknown as { __paints: PaintRecord }).__paints);
        expect(paints.shift).toBe(0);
      } finally {
        await page.close();
      }
    });
  });

  for (const route of ['/', '/hehe', '/insights']) {
    it(`${route}: the island's code is requested only once the first paint is on the screen`, async () => {
      const page = await product.browser.newPage({ viewport: PHONE });
      try {
        await page.goto(`${product.app.url}${route}`);
        await settle(page);
        const { shownAt, scripts } = await page.evaluate(() => ({
          // startTime: when the frame with the first content reached the screen, some
          // frames after it was painted (paintTime). Lighthouse counts a request made
          // in between as holding back that paint.
          shownAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          scripts: performance
            .getEntriesByType('resource')
            .filter((r) => new URL(r.name).pathname.endsWith('.js'))
            .map((r) => ({ path: new URL(r.name).pathname, at: r.startTime })),
        }));
        expect(shownAt).not.toBeNull();
        expect(scripts.length).toBeGreaterThan(0);
        expect(scripts.filter((s) => s.at < shownAt!)).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
