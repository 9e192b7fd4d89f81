/**
 * One respondent, read on every screen a person sees: the results list, the
 * comparison, the share page, /insights (pie, scatterplot, quadrants) and
 * /hehe (scatterplot, CSV). Every figure is on the results screen's scale
 * (Reason over 15), though Reason is saved over 17. The path's totals put
 * Reason at 8 and Honor at 7: 8/15 is above the split and right of Honor's
 * 7/14, where 8/17 is below the split and left of it, so a screen on the
 * saved scale says otherwise.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { averageShares, wholePercents } from '../../src/core/average-shares.ts';
import { leanOf } from '../../src/core/points.ts';
import {
  percentFigure,
  QUADRANT_PAIRS,
  quadrantOf,
  resultPosition,
  resultShares,
  savedNormalized,
  positionOf,
} from '../../src/core/scoring.ts';
import { CSV_BOM } from '../../src/core/respondents-csv.ts';
import { VALUES, VALUE_LABELS } from '../../src/core/values.ts';
import { PIE_SHARES } from '../../src/charts/insights/pie.ts';
import { E2E_PASSWORD } from '../support/chromium/app.ts';
import { canvasOf, waitForDrawing } from '../support/chromium/insights-page.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, pendingCount, visitorOn } from '../support/chromium/quiz-driver.ts';
import { parseCsv } from '../support/csv.ts';
import { expectedPercentages, totalsFor } from '../support/visitor.ts';

const PATH = [0, 0, 1, 3, 0, 3, 4, 1, 2, 4, 0, 0];
const RAW = totalsFor(PATH);
const SHARES = resultShares(RAW);
const PERCENTS = expectedPercentages(PATH);

const LEAN_WORDS = {
  loveReason: 'toward Love and Reason',
  loveHonor: 'toward Love and Honor',
  dutyHonor: 'toward Duty and Honor',
  dutyReason: 'toward Duty and Reason',
  balanced: 'on an axis',
} as const;

/** "1 toward Duty and Reason": the one respondent's side of the center, as a plot's caption counts it. */
const ONE_SIDE = `1 ${LEAN_WORDS[leanOf(resultPosition(RAW))]}`;

function scatterCaption(page: Page, chart: string) {
  return page.locator('figure', { has: canvasOf(page, chart) }).locator('figcaption');
}

describe('one respondent, one scale on every screen', () => {
  const product = useProduct();
  let results: Page;

  beforeAll(async () => {
    // The path reads differently on the two scales; were it not so, this file would test nothing.
    expect(RAW).toMatchObject({ honor: 7, reason: 8 });
    expect(leanOf(positionOf(savedNormalized(RAW)))).not.toBe(leanOf(resultPosition(RAW)));
    results = await product.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const visitor = visitorOn(results);
    await visitor.openQuiz(product.app.url);
    await visitor.startWithName('Solo');
    await visitor.answer(PATH);
    await visitor.onResults();
    // Saved before any other screen reads it.
    for (let i = 0; (await pendingCount(results)) > 0; i++) {
      if (i * POLL.interval > POLL.timeout) throw new Error('the result was never saved');
      await results.waitForTimeout(POLL.interval);
    }
  });

  it('the results list and the comparison say the same percentages: the average of one is that one', async () => {
    expect(await visitorOn(results).shownPercentages()).toEqual(PERCENTS);
    const average = results.locator('[data-average] li');
    await average.first().waitFor();
    const lines = await average.allInnerTexts();
    expect(lines.map((l) => l.split(', average ')[1])).toEqual(VALUES.map((v) => PERCENTS[v]));
  });

  it('the share page shows the percentages of the results screen', async () => {
    const link = await results.getByLabel('Link to this result').inputValue();
    const page = await product.browser.newPage();
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'A shared map' }).waitFor();
    expect(await visitorOn(page).shownPercentages()).toEqual(PERCENTS);
    await page.close();
  });

  it('/insights reads the pie, the scatterplot and the quadrants from the same shares', async () => {
    const page = await product.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${product.app.url}/insights`);
    await waitForDrawing(page, 'pie');
    const percents = wholePercents(averageShares(SHARES));
    await expect(
      page
        .locator('figure', { has: canvasOf(page, 'pie') })
        .locator('figcaption')
        .textContent(),
    ).resolves.toBe(
      `Of the average respondent's four values: ${VALUES.map((v) => `${VALUE_LABELS[v]} ${percents[v]}%`).join(', ')}. ${PIE_SHARES}`,
    );
    await waitForDrawing(page, 'scatter');
    const caption = await scatterCaption(page, 'scatter').textContent();
    expect(caption).toContain(ONE_SIDE);
    // It says where the dots come from, in the words of the results screen rather than of the saved columns.
    expect(caption).toContain('placed where their own results chart put them');
    expect(caption).not.toContain('normalized');
    await waitForDrawing(page, 'heatmap');
    const rows = await page
      .locator('table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
    expect(rows).toEqual(
      QUADRANT_PAIRS.map(([a, b]) => {
        const key = quadrantOf(SHARES, a, b);
        return (['high_high', 'high_low', 'low_high', 'low_low'] as const).map((k) => (k === key ? 1 : 0));
      }),
    );
    await page.close();
  });

  it('/hehe places the dot on the same side and its CSV carries the screen percentages beside the saved values', async () => {
    const context = await product.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${product.app.url}/hehe`);
    await page.locator('button:has-text("Unlock"):enabled').waitFor();
    await page.getByPlaceholder('Enter secret password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await waitForDrawing(page, 'scatter');
    await expect(scatterCaption(page, 'scatter').textContent()).resolves.toContain(ONE_SIDE);

    const button = page.getByRole('button', { name: 'Download CSV' });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const text = (await readFile(await download.path())).toString('utf8');
    await context.close();
    const [header, row] = parseCsv(text.slice(CSV_BOM.length));
    const saved = savedNormalized(RAW);
    expect(Object.fromEntries(header!.map((h, i) => [h, row![i]]))).toMatchObject({
      name: 'Solo',
      ...Object.fromEntries(VALUES.map((v) => [`${v}_percent_results_screen`, percentFigure(SHARES[v])])),
      ...Object.fromEntries(VALUES.map((v) => [`${v}_normalized_as_saved`, String(saved[v])])),
    });
    // The same figures as the results list, but for the sign.
    expect(VALUES.map((v) => `${row![2 + VALUES.indexOf(v)]}%`)).toEqual(VALUES.map((v) => PERCENTS[v]));
  });
});
