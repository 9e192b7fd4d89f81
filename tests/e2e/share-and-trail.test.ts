/**
 * A shared result's own page, and the visitor's map over time, in Chromium:
 * a cell page opens the friend's map and a comparison as "/" does, old "/?r="
 * links still do, and two quizzes in one browser leave a trail.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaningOf } from '../../src/core/map.ts';
import { TEST_MODE_NAME } from '../../src/core/progress.ts';
import { resultPosition } from '../../src/core/scoring.ts';
import { describePastResult, movementSentence } from '../../src/core/trail-math.ts';
import { expectNoSeriousAxeViolations } from '../support/chromium/browser.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, visitorOn } from '../support/chromium/quiz-driver.ts';
import { PATH_A, PATH_B, cellPathFor, expectedPercentages, totalsFor } from '../support/visitor.ts';

const TRAIL_KEY = 'myc.map-trail.v1';
const CODE_A = PATH_A.join('');
const CODE_B = PATH_B.join('');

interface Kept {
  id: string;
  date: string;
  code: string;
}

/** Policy violations and uncaught errors of a page, collected from now on. */
function pageFaults(page: Page): string[] {
  const faults: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().startsWith('CSP:')) faults.push(m.text());
  });
  page.on('pageerror', (e) => faults.push(e.message));
  return faults;
}

const keptIn = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as Kept[], TRAIL_KEY);

async function takeQuiz(context: BrowserContext, url: string, name: string, path: readonly number[]): Promise<Page> {
  // A new tab starts a new quiz; localStorage is the browser's, shared by its tabs.
  const page = await context.newPage();
  await visitorOn(page).openQuiz(url);
  await visitorOn(page).startWithName(name);
  await visitorOn(page).answer(path);
  await visitorOn(page).onResults();
  return page;
}

describe("a shared result's page", () => {
  const product = useProduct();
  let context: BrowserContext;

  beforeAll(async () => {
    context = await product.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP: ${e.effectiveDirective} ${e.blockedURI}`),
      );
    });
  });
  afterAll(async () => context?.close());

  it("opens the friend's map on the page of its cell, under its own card, then the quiz to compare", async () => {
    const page = await context.newPage();
    const errors = pageFaults(page);
    const res = await page.goto(`${product.app.url}${cellPathFor(PATH_B)}?r=${CODE_B}&n=Rhea`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    await page.getByRole('heading', { level: 1, name: 'Rhea’s map' }).waitFor();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_B));
    const card = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(new URL(card!).pathname).toBe(`/cards/map-${cellPathFor(PATH_B).slice('/r/'.length)}.png`);
    expect(await page.locator('meta[property="og:image:alt"]').getAttribute('content')).toContain(
      leaningOf(resultPosition(totalsFor(PATH_B))),
    );
    // The comparison with everyone else is there, as on "/" (no one else has answered here yet).
    await page
      .getByRole('region', { name: 'How Does Rhea Compare?' })
      .getByText(/no one else has answered yet/i)
      .first()
      .waitFor();

    // Straight to the name screen, as from "/".
    await page.getByRole('button', { name: 'Take the quiz and compare' }).click();
    await page.getByPlaceholder("What's your name?").fill('Sam');
    await page.getByRole('button', { name: 'Continue' }).click();
    await visitorOn(page).answer(PATH_A);
    await visitorOn(page).onResults();
    expect(await page.locator('table th[scope="col"]').allInnerTexts()).toEqual(['Value', 'You', 'Rhea']);
    expect(await page.getByLabel('Link to this comparison').inputValue()).toBe(
      `${product.app.url}${cellPathFor(PATH_A)}?r=${CODE_A}&f=${CODE_B}&fn=Rhea`,
    );
    expect(errors).toEqual([]);
  });

  it('opens a comparison on a cell page, and an old "/?r=" link as before', async () => {
    const page = await context.newPage();
    const errors = pageFaults(page);
    await page.goto(`${product.app.url}${cellPathFor(PATH_A)}?r=${CODE_A}&n=Sam&f=${CODE_B}&fn=Rhea`);
    await page.getByRole('heading', { level: 1, name: 'Sam and Rhea' }).waitFor();
    expect(await page.locator('table th[scope="col"]').allInnerTexts()).toEqual(['Value', 'Sam', 'Rhea']);

    await page.goto(`${product.app.url}/?r=${CODE_B}&n=Rhea`);
    await page.getByRole('heading', { level: 1, name: 'Rhea’s map' }).waitFor();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_B));
    await page.getByRole('button', { name: 'Take the quiz and compare' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('your map over time', () => {
  const product = useProduct();
  let context: BrowserContext;

  beforeAll(async () => {
    context = await product.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  });
  afterAll(async () => context?.close());

  it('keeps the first quiz, shows it as a trail on the second with the sentence, and forgets it on request', async () => {
    const url = product.app.url;
    const first = await takeQuiz(context, url, 'Sam', PATH_A);
    await expect.poll(() => keptIn(first), POLL).toHaveLength(1);
    expect((await keptIn(first))[0]?.code).toBe(CODE_A);
    // Only one result so far: nothing to show.
    expect(await first.getByRole('region', { name: 'Your map over time' }).count()).toBe(0);

    // A damaged entry and a foreign one beside the real result are ignored.
    await first.evaluate((key) => {
      const kept = JSON.parse(localStorage.getItem(key) ?? '[]');
      kept.push(
        { id: 'x', date: 'soon', code: '99' },
        { id: '00000000-0000-4000-8000-000000000009', date: '2020-01-01T00:00:00Z', code: '4444' },
      );
      localStorage.setItem(key, JSON.stringify(kept));
    }, TRAIL_KEY);
    const [firstKept] = await keptIn(first);

    const second = await takeQuiz(context, url, 'Sam', PATH_B);
    const trail = second.getByRole('region', { name: 'Your map over time' });
    await trail.waitFor();
    const now = new Date();
    const earlier = { id: firstKept!.id, date: new Date(firstKept!.date), position: resultPosition(totalsFor(PATH_A)) };
    expect(await trail.getByText(/^Since /).innerText()).toBe(
      movementSentence(earlier, resultPosition(totalsFor(PATH_B)), now),
    );

    // Off by default; the toggle is reached and switched by keyboard.
    const toggle = trail.getByRole('checkbox', { name: 'Show my earlier results on the chart' });
    expect(await toggle.isChecked()).toBe(false);
    const chart = second.locator('canvas[data-chart="result"]');
    expect(await chart.getAttribute('aria-label')).not.toContain('Earlier results');
    await toggle.focus();
    await second.keyboard.press('Space');
    expect(await toggle.isChecked()).toBe(true);
    const list = trail.getByRole('list', { name: 'Your earlier results' });
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([describePastResult(earlier, now)]);
    await expect
      .poll(() => chart.getAttribute('aria-label'), POLL)
      .toContain('Earlier results shown as faint dated dots');
    const { violations } = await new AxeBuilder({ page: second })
      .include('[aria-labelledby="quiz-trail-title"]')
      .analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await expectNoSeriousAxeViolations(second, 'results with the trail shown');
    await second.screenshot({ path: process.env.TRAIL_SCREENSHOT ?? '/tmp/map-trail-results.png', fullPage: false });

    // Test mode keeps nothing.
    const before = await keptIn(second);
    const testMode = await takeQuiz(context, url, TEST_MODE_NAME, PATH_A);
    expect(await keptIn(testMode)).toEqual(before);
    await testMode.close();

    await trail.getByRole('button', { name: 'Forget my earlier results' }).click();
    await second.getByText('Your earlier results are forgotten.').waitFor();
    expect(await trail.count()).toBe(0);
    expect((await keptIn(second)).map((r) => r.code)).toEqual([CODE_B]);
    expect(await chart.getAttribute('aria-label')).not.toContain('Earlier results');
  }, 240_000);
});
