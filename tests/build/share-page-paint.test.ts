/**
 * A shared result's page paints the result from its HTML alone: opened with
 * a link's query and every other request refused (no island, no stylesheet
 * or script file), it shows the four percentages of the link's answers and
 * the map with the dot where they fall. Links the quiz would not show as one
 * result leave the copy hidden, for the quiz to explain.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { workerChromium } from '../support/chromium/browser.ts';
import { cellPathFor, expectedPercentages, PATH_A, PATH_B, totalsFor } from '../support/visitor.ts';
import { resultPosition } from '../../src/core/scoring.ts';
import { VALUES } from '../../src/core/values.ts';
import { copyMapPoint } from '../../src/islands/quiz/shared-copy.ts';

const ORIGIN = 'https://share.test';

describe('a shared result page from its HTML alone', () => {
  const site = inject('siteDir');
  let context: BrowserContext;

  beforeAll(async () => {
    context = await (await workerChromium()).newContext({ viewport: { width: 412, height: 823 } });
  });
  afterAll(() => context.close());

  /** The cell page `path` as built, opened with `query`; every other request is refused. */
  async function open(path: string, query: string): Promise<Page> {
    const html = await readFile(join(site, `${path}.html`), 'utf8');
    const page = await context.newPage();
    const refused: string[] = [];
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === ORIGIN && url.pathname === path) {
        return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
      }
      refused.push(url.pathname);
      return route.abort();
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(globalThis, { policyViolations: seen });
      addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    await page.goto(`${ORIGIN}${path}${query}`, { waitUntil: 'domcontentloaded' });
    expect(refused.filter((p) => p === path)).toEqual([]);
    return page;
  }

  async function shown(page: Page) {
    const copy = page.locator('.shared-copy');
    const percentages = {} as Record<string, string>;
    for (const v of VALUES) {
      percentages[v] = await copy.locator(`li[data-value="${v}"] span`).last().innerText();
    }
    const dot = page.locator('.shared-copy [data-copy="dot"]');
    return {
      // The page's own Content-Security-Policy (its <meta>) allows the copy's script and everything it sets.
      violations: await page.evaluate(() => (globalThis as unknown as { policyViolations: string[] }).policyViolations),
      colors: await copy
        .locator('li[data-value]')
        .evaluateAll((items) =>
          items.map((li) => [
            getComputedStyle(li).getPropertyValue('--value-color'),
            getComputedStyle(document.documentElement).getPropertyValue(`--${li.getAttribute('data-value')}`),
          ]),
        ),
      visible: await copy.evaluate((el) => el.checkVisibility()),
      intro: await page.locator('[data-autofocus="intro"]').evaluate((el) => el.checkVisibility()),
      title: await copy.locator('h1').innerText(),
      percentages,
      map: {
        visible: await page.locator('.shared-copy svg[role="img"]').evaluate((el) => el.checkVisibility()),
        label: await page.locator('.shared-copy svg[role="img"]').getAttribute('aria-label'),
        dot: { x: Number(await dot.getAttribute('cx')), y: Number(await dot.getAttribute('cy')) },
      },
    };
  }

  it('shows the link’s four percentages, its name and its dot on the map, in place of the quiz', async () => {
    for (const [path, name] of [
      [PATH_A, 'Rhea'],
      [PATH_B, null],
    ] as const) {
      const cell = cellPathFor(path);
      const page = await open(cell, `?r=${path.join('')}${name ? `&n=${name}` : ''}`);
      const result = await shown(page);
      expect(result.visible).toBe(true);
      expect(result.violations).toEqual([]);
      // Each line in its value's color, which the page's style defines.
      for (const [line, value] of result.colors) expect(line).toBe(value);
      expect(new Set(result.colors.map(([line]) => line)).size).toBe(VALUES.length);
      expect(result.intro).toBe(false);
      expect(result.title).toBe(name ? `${name}\u2019s map` : 'A shared map');
      expect(result.percentages).toEqual(expectedPercentages(path));
      expect(result.map.visible).toBe(true);
      expect(result.map.label).toMatch(name ? /^Rhea’s result chart: Love at the top/ : /^Sharer’s result chart/);
      const expected = copyMapPoint(resultPosition(totalsFor(path)));
      expect(result.map.dot.x).toBeCloseTo(expected.x, 6);
      expect(result.map.dot.y).toBeCloseTo(expected.y, 6);
      await page.close();
    }
  });

  it('leaves the quiz’s intro for a link that is broken, altered or a comparison', async () => {
    const own = cellPathFor(PATH_A);
    const other = cellPathFor(PATH_B);
    expect(other).not.toBe(own);
    for (const [path, query] of [
      [own, '?r=12'],
      [own, ''],
      [other, `?r=${PATH_A.join('')}`],
      [own, `?r=${PATH_A.join('')}&f=${PATH_B.join('')}`],
    ] as const) {
      const page = await open(path, query);
      const result = await shown(page);
      expect({ query, visible: result.visible, intro: result.intro }).toEqual({ query, visible: false, intro: true });
      await page.close();
    }
  });
});
