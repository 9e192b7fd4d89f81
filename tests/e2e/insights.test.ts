import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { averageShares, wholePercents } from '../../src/core/average-shares.ts';
import { QUESTIONS } from '../../src/core/questions.ts';
import { formatPercent, QUADRANT_PAIRS, quadrantOf, resultShares, scoreChoices } from '../../src/core/scoring.ts';
import { VALUES, VALUE_LABELS, zeroScores } from '../../src/core/values.ts';
import { CHART_PALETTES } from '../../src/charts/palette.ts';
import type { ValueTuple } from '../../src/core/points.ts';
import type { Insights } from '../../src/lib/api.ts';
import { respondentDot } from '../../src/charts/insights/scatter.ts';

// The browser's contexts state no preference, which draws the light palette.
const PALETTE = CHART_PALETTES.light;
const RESPONDENT_DOT = respondentDot(PALETTE);
import { PIE_SHARES } from '../../src/charts/insights/pie.ts';
import { DATA_STATUS } from '../../src/islands/data-status.ts';
import { useProduct } from '../support/chromium/product.ts';
import { expectNoSeriousAxeViolations } from '../support/chromium/browser.ts';
import { seededRandom } from '../support/random-answers.ts';
import {
  canvasOf,
  countPixels,
  dotCentres,
  spreadRespondents,
  submitAll,
  waitForDrawing,
} from '../support/chromium/insights-page.ts';
import { collectConsoleErrors } from '../support/chromium/quiz-driver.ts';

/** Waits for the page to catch up: loading, drawing and answering take a moment. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const CHARTS = ['pie', 'scatter', 'relative', 'heatmap'] as const;
const NAMES = ['Marigold Vantablack', null, 'Ottoline Quaybridge', 'Perpetua Snowgrave', null];
const respondents = spreadRespondents(NAMES);

async function openInsights(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  // A context of its own per page: axe-core needs one to run its scan.
  const context = await browser.newContext({ deviceScaleFactor: 1, viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto(`${url}/insights`);
  return { page, errors };
}

describe('/insights', () => {
  const product = useProduct();

  it('with no respondents yet, notes it quietly (no error) and leaves every chart empty', async () => {
    const context = await product.browser.newContext({ deviceScaleFactor: 1, viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
    await page.goto(`${product.app.url}/insights`);
    await poll(() => messages.includes('info: No insights data: no one has answered yet')).toBe(true);
    expect(messages.filter((m) => m.startsWith('error') || m.startsWith('warning'))).toEqual([]);
    for (const chart of CHARTS) {
      await expect(canvasOf(page, chart).getAttribute('data-drawn')).resolves.toBe('no');
      expect((await countPixels(page, chart)).painted, chart).toBe(0);
    }
    // Nothing yet, said as such; nothing claims a failure.
    await expect(page.getByText(DATA_STATUS.insights.empty).count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('when the call fails, logs it and leaves every chart empty', async () => {
    const page = await product.browser.newPage();
    const errors = collectConsoleErrors(page);
    await page.route('**/rest/v1/rpc/insights', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"code":"PGRST000","message":"down","details":null,"hint":null}',
      }),
    );
    await page.goto(`${product.app.url}/insights`);
    await poll(() => errors.some((e) => e.includes('Error fetching insights data'))).toBe(true);
    for (const chart of CHARTS) expect((await countPixels(page, chart)).painted, chart).toBe(0);
    // A failure is not passed off as "no data yet".
    await expect(page.getByRole('alert').textContent()).resolves.toBe(DATA_STATUS.insightsFailed);
    await expect(page.getByText(DATA_STATUS.insights.empty).count()).resolves.toBe(0);
    await page.context().close();
  });

  describe('with respondents', () => {
    beforeAll(async () => {
      await submitAll(product.app, respondents);
    });

    it('draws the pie with every value and labels it with whole percentages of the mean shares', async () => {
      const { page } = await openInsights(product.browser, product.app.url);
      await waitForDrawing(page, 'pie');
      for (const v of VALUES) {
        expect((await countPixels(page, 'pie', PALETTE.values[v].bright, 2)).ofColour, v).toBeGreaterThan(200);
      }
      const mean = zeroScores();
      for (const r of respondents) {
        const shares = resultShares(scoreChoices(r.answers).raw);
        for (const v of VALUES) mean[v] += shares[v] / respondents.length;
      }
      const percents = wholePercents(averageShares(mean));
      expect(VALUES.reduce((s, v) => s + percents[v], 0)).toBe(100);
      const caption = page.locator('figure', { has: canvasOf(page, 'pie') }).locator('figcaption');
      await expect(caption.textContent()).resolves.toBe(
        `Of the average respondent's four values: ${VALUES.map((v) => `${VALUE_LABELS[v]} ${percents[v]}%`).join(', ')}. ${PIE_SHARES}`,
      );
      await page.context().close();
    });

    it('draws one dot per respondent on the full scatterplot, and the relative one', async () => {
      const { page } = await openInsights(product.browser, product.app.url);
      await waitForDrawing(page, 'scatter');
      await waitForDrawing(page, 'relative');
      const dots = await dotCentres(page, 'scatter', RESPONDENT_DOT);
      expect(dots).toHaveLength(respondents.length);
      // Left to right on screen is the order of Reason - Honor.
      const byX = [...respondents].sort((a, b) => a.position.x - b.position.x);
      const byY = [...dots.keys()].sort((a, b) => dots[a]!.y - dots[b]!.y);
      const expectedByY = [...byX.keys()].sort((a, b) => byX[b]!.position.y - byX[a]!.position.y);
      expect(byY).toEqual(expectedByY);
      expect((await countPixels(page, 'relative', RESPONDENT_DOT, 0)).ofColour).toBeGreaterThan(50);
      const coverage = page.locator('figure', { has: canvasOf(page, 'scatter') }).locator('[data-coverage]');
      await expect(coverage.textContent()).resolves.toContain(`Showing all ${respondents.length} respondents.`);
      await page.context().close();
    });

    it('draws the quadrant heatmap and lists the exact counts of the four pairs', async () => {
      const { page } = await openInsights(product.browser, product.app.url);
      await waitForDrawing(page, 'heatmap');
      expect((await countPixels(page, 'heatmap')).painted).toBeGreaterThan(5000);
      const rows = await page
        .locator('table tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
      const expected = QUADRANT_PAIRS.map(([a, b]) => {
        const counts = { high_high: 0, high_low: 0, low_high: 0, low_low: 0 };
        for (const r of respondents) counts[quadrantOf(resultShares(scoreChoices(r.answers).raw), a, b)] += 1;
        return [counts.high_high, counts.high_low, counts.low_high, counts.low_low];
      });
      expect(rows).toEqual(expected);
      const headers = await page.locator('table tbody th').allTextContents();
      expect(headers.map((h) => h.split(' (')[0])).toEqual([
        'Love / Honor',
        'Love / Reason',
        'Honor / Duty',
        'Duty / Reason',
      ]);
      await page.context().close();
    });

    it('shows how others answered every question, with the share of each answer', async () => {
      const { page } = await openInsights(product.browser, product.app.url);
      await page.locator('[data-question="12"]').waitFor();
      for (const q of QUESTIONS) {
        const shown = await page
          .locator(`[data-question="${q.id}"] ul li`)
          .evaluateAll((lis) => lis.map((li) => [li.children[0]!.textContent, li.children[2]!.textContent]));
        const expected = q.answers.map((a) => {
          const n = respondents.filter((r) =>
            r.answers.some((c) => c.question_id === q.id && c.answer_text === a.text),
          ).length;
          return [a.text, formatPercent(n / respondents.length)];
        });
        expect(shown, `question ${q.id}`).toEqual(expected);
      }
      await page.context().close();
    });

    it('never sends a respondent’s name to an anonymous visitor of / or /insights', async () => {
      const page = await product.browser.newPage();
      const bodies: Promise<{ url: string; text: string }>[] = [];
      page.on('response', (res) => {
        bodies.push(
          res
            .body()
            .then((b) => ({ url: res.url(), text: b.toString('utf8') }))
            .catch(() => ({ url: res.url(), text: '' })),
        );
      });
      await page.goto(product.app.url);
      await page.waitForLoadState('networkidle');
      await page.goto(`${product.app.url}/insights`);
      await waitForDrawing(page, 'scatter');
      await page.waitForLoadState('networkidle');
      const received = await Promise.all(bodies);
      const insights = received.find((r) => r.url.endsWith('/rest/v1/rpc/insights'));
      expect(insights?.text).toContain(`"count"`);
      const names = NAMES.filter((n): n is string => n !== null);
      for (const { url, text } of received) {
        for (const name of names) {
          expect(text.includes(name), `${name} in ${url}`).toBe(false);
          expect(text.toLowerCase().includes(name.split(' ')[1]!.toLowerCase()), `${name} in ${url}`).toBe(false);
        }
      }
      expect(received.length).toBeGreaterThan(3);
      await page.context().close();
    });

    /** The insights of 1,234,567 respondents, of whom the plots show a sample of 5,000. */
    async function sampledInsights(): Promise<Insights> {
      const real = await product.app.rpc<Insights>('insights');
      const random = seededRandom(5000);
      const half = (max: number) => Math.round(random() * max * 2) / 2;
      const raw = Array.from({ length: 5000 }, (): ValueTuple => [half(19), half(17), half(14), half(17)]);
      return { ...real.body, count: 1_234_567, points: { kind: 'sample', total: 1_234_567, raw } };
    }

    it('says when the scatterplots show a sample, and of how many, and draws it', async () => {
      const sampled = await sampledInsights();
      const context = await product.browser.newContext({ deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.route('**/rest/v1/rpc/insights', (route) => route.fulfill({ json: sampled }));
      await page.goto(`${product.app.url}/insights`);
      for (const chart of ['scatter', 'relative']) {
        const coverage = page.locator('figure', { has: canvasOf(page, chart) }).locator('[data-coverage]');
        await poll(() => coverage.textContent()).toContain('Showing a sample of 5,000 of 1,234,567 respondents.');
        await waitForDrawing(page, chart);
        expect((await countPixels(page, chart)).painted, chart).toBeGreaterThan(20_000);
      }
      await context.close();
    });

    it('draws a plot of thousands of dots in two moments, its axes and then its dots, so that no tap waits for all of it', async () => {
      const sampled = await sampledInsights();
      const context = await product.browser.newContext({ deviceScaleFactor: 1 });
      const page = await context.newPage();
      // Every frame, until the plot is complete: the painted pixels of the first frame that shows part of it.
      await page.addInitScript(() => {
        const watch = () => {
          const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-chart="scatter"]');
          if (canvas?.hasAttribute('data-complete')) return;
          if (canvas && canvas.width > 0) {
            const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
            let painted = 0;
            for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted += 1;
            if (painted > 0) return void ((window as Window & { partlyDrawn?: number }).partlyDrawn = painted);
          }
          requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      });
      await page.route('**/rest/v1/rpc/insights', (route) => route.fulfill({ json: sampled }));
      await page.goto(`${product.app.url}/insights`);
      await waitForDrawing(page, 'scatter');
      const whole = (await countPixels(page, 'scatter')).painted;
      const partly = await page.evaluate(() => (window as Window & { partlyDrawn?: number }).partlyDrawn);
      // The axes, grid and titles alone: a fraction of the plot with its 5,000 dots.
      expect(partly).toBeGreaterThan(1000);
      expect(partly).toBeLessThan(whole / 2);
      await context.close();
    });

    it('has no serious accessibility violations', async () => {
      const { page } = await openInsights(product.browser, product.app.url);
      await waitForDrawing(page, 'heatmap');
      await expectNoSeriousAxeViolations(page, '/insights');
      await page.context().close();
    });
  });
});
