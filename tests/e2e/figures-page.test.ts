import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { readFigureFiles } from '../../src/figures/files.ts';
import { FIGURES_IN_WORDS } from '../../src/figures/schema.ts';
import { leanOf } from '../../src/core/points.ts';
import { formatPercent, positionOf } from '../../src/core/scoring.ts';
import { VALUES } from '../../src/core/values.ts';
import { expectNoSeriousAxeViolations, scriptRequests } from '../support/chromium/browser.ts';
import { useProduct } from '../support/chromium/product.ts';

const FIGURES = readFigureFiles();

/** The text with its typographic quotes and apostrophes made straight, as a source may write either. */
const straightQuotes = (text: string): string => text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"');

describe('/figures', () => {
  const product = useProduct();
  let context: BrowserContext;
  let page: Page;
  let scripts: string[];

  beforeEach(async () => {
    context = await product.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    scripts = scriptRequests(page);
  });
  afterEach(async () => {
    await context?.close();
  });

  it('is a static page with its own title, description and canonical address, listed in the sitemap', async () => {
    const res = await fetch(`${product.app.url}/figures`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toMatch(/<script|modulepreload|astro-island/i);
    expect(html).toMatch(/<title>Figures from literature – Map your Contradictions<\/title>/);
    const description = /<meta name="description" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(description.startsWith(`${FIGURES_IN_WORDS}, placed between Love, Duty, Honor and Reason`)).toBe(true);
    expect(description).toContain('romance, drama');
    const canonical = /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
    expect(new URL(canonical ?? 'missing:').pathname).toBe('/figures');
    expect(html).not.toContain('noindex');

    const sitemap = await (await fetch(`${product.app.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${canonical}</loc>`);
  });

  it('shows every figure under its quadrant, with its source, line, shares, text, sources and a dot where its shares put it', async () => {
    await page.goto(`${product.app.url}/figures`);
    expect(await page.locator('article.figure').count()).toBe(FIGURES.length);

    for (const figure of FIGURES) {
      const article = page.locator(`article#${figure.slug}`);
      expect(await article.count(), figure.slug).toBe(1);
      expect(await article.getByRole('heading', { level: 3 }).innerText()).toBe(figure.data.name);
      // Markdown sets typographic quotes: compare the words, not the quote marks, on both sides.
      const text = straightQuotes(await article.innerText());
      expect(text).toContain(straightQuotes(figure.data.work));
      expect(text).toContain(straightQuotes(figure.data.line));
      expect(text).toContain(straightQuotes(figure.body.split(/\s+/).slice(0, 8).join(' ')));
      // The sources sit in a closed <details>: listed in full, shown on request.
      const sources = article.locator('details.figure__sources');
      expect(await sources.getAttribute('open')).toBeNull();
      expect(await sources.locator('li').allTextContents()).toEqual(figure.data.sources);
      for (const v of VALUES) {
        expect(await article.locator(`li[data-value="${v}"]`).innerText()).toContain(formatPercent(figure.shares[v]));
      }

      // Read the dot back off the drawing: the centre of the plot is (0, 0), its edges ±1.
      const drawn = await article.locator('svg.figure-map').evaluate((svg) => {
        const plot = svg.querySelector('.figure-map__plot')!;
        const dot = svg.querySelector('.figure-map__dot')!;
        const n = (el: Element, a: string) => Number(el.getAttribute(a));
        const half = n(plot, 'width') / 2;
        return {
          x: (n(dot, 'cx') - (n(plot, 'x') + half)) / half,
          y: -(n(dot, 'cy') - (n(plot, 'y') + half)) / half,
          others: svg.querySelectorAll('.figure-map__other').length,
          label: svg.getAttribute('aria-label'),
        };
      });
      const position = positionOf(figure.shares);
      expect(drawn.x).toBeCloseTo(position.x, 2);
      expect(drawn.y).toBeCloseTo(position.y, 2);
      expect(drawn.others).toBe(FIGURES.length - 1);
      expect(drawn.label).toContain(figure.data.name);

      const section = await article.evaluate((el) => el.closest('section')?.id);
      expect(section, figure.slug).toBe(leanOf(position));
    }
    for (const lean of ['loveHonor', 'loveReason', 'dutyHonor', 'dutyReason']) {
      expect(await page.locator(`section#${lean} article.figure`).count(), lean).toBeGreaterThanOrEqual(3);
    }
    expect(scripts).toEqual([]);
  });

  it('opens at a figure from its link, as the results screen will link to it', async () => {
    const target = FIGURES.find((f) => f.slug === 'hamlet') ?? FIGURES.at(-1)!;
    await page.goto(`${product.app.url}/figures#${target.slug}`);
    const top = await page.locator(`#${target.slug}`).evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(100);
    await page
      .getByRole('navigation', { name: 'Figures by quadrant' })
      .getByRole('link', { name: FIGURES[0]!.data.name })
      .click();
    await page.waitForURL(`**/figures#${FIGURES[0]!.slug}`);
  });

  it('has no serious or critical axe violation', async () => {
    await page.goto(`${product.app.url}/figures`);
    await expectNoSeriousAxeViolations(page, '/figures');
  });
});
