import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { readFigureFiles } from '../../src/figures/files.ts';
import { sideBySideSentence } from '../../src/core/side-by-side.ts';
import { nearestFigures } from '../../src/core/nearest-figures.ts';
import { resultShares } from '../../src/core/scoring.ts';
import { VALUES, type Value } from '../../src/core/values.ts';
import { expectNoSeriousAxeViolations, untilHydrated } from '../support/chromium/browser.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, responseCount, visitorOn } from '../support/chromium/quiz-driver.ts';
import { PATH_A, PATH_B, cellPathFor, expectedPercentages, totalsFor } from '../support/visitor.ts';

const FIGURES = readFigureFiles();
const CODE_A = PATH_A.join('');
const CODE_B = PATH_B.join('');

/** The percentages of one side of the side-by-side table, by value. */
async function sideShares(page: Page, side: 'own' | 'friend'): Promise<Record<Value, string>> {
  const out = {} as Record<Value, string>;
  for (const v of VALUES)
    out[v] = (await page.locator(`tr[data-value="${v}"] td[data-side="${side}"]`).innerText()).trim();
  return out;
}

function resultChart(page: Page) {
  return page.locator('canvas[data-chart="result"]');
}

/** A digest of the result chart's pixels, once Chart.js has drawn it ("Save image" waits for the same). */
async function chartPixels(page: Page): Promise<string> {
  await expect.poll(() => page.getByRole('button', { name: 'Save image' }).isEnabled(), POLL).toBe(true);
  const png = await resultChart(page).evaluate((c: HTMLCanvasElement) => c.toDataURL());
  return createHash('sha256').update(png).digest('hex');
}

describe('the nearest figures and a friend on the results screen', () => {
  const product = useProduct();
  let context: BrowserContext;
  let page: Page;
  let sentBodies: string[];

  beforeEach(async () => {
    context = await product.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    sentBodies = [];
    page.on('request', (r) => {
      if (r.url().includes('/rest/')) sentBodies.push(`${r.url()} ${r.postData() ?? ''}`);
    });
  });
  afterEach(async () => {
    await context?.close();
  });

  it("the browser gets every figure's name, shares and line, and none of their texts", () => {
    const dir = join(inject('siteDir'), '_astro');
    const scripts = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dir, f), 'utf8'));
    const holding = (text: string) => scripts.filter((js) => js.includes(text)).length;
    for (const figure of FIGURES) {
      expect(holding(figure.data.line), figure.slug).toBe(1);
      // The first words of the text, which no summary holds.
      expect(holding(figure.body.split(/\s+/).slice(0, 8).join(' ')), figure.slug).toBe(0);
    }
  });

  it('names the nearest figure with its line, then the next two, and links into /figures', async () => {
    const expected = nearestFigures(resultShares(totalsFor(PATH_A)), FIGURES, 3).map((m) => m.figure);
    expect(expected).toHaveLength(3);
    await visitorOn(page).openQuiz(product.app.url);
    await visitorOn(page).startWithName('123');
    await visitorOn(page).answer(PATH_A);
    await visitorOn(page).onResults();

    const section = page.getByRole('region', { name: 'Figures Near You' });
    const items = section.getByRole('listitem');
    await expect.poll(() => items.count(), POLL).toBe(3);
    for (const [i, figure] of expected.entries()) {
      const item = items.nth(i);
      expect(await item.getAttribute('data-figure')).toBe(figure.slug);
      expect(await item.getByRole('link').innerText()).toBe(figure.data.name);
      expect(await item.innerText()).toContain(figure.data.line);
      expect(await item.innerText()).toContain(figure.data.work);
    }
    expect(await items.nth(0).innerText()).toMatch(/^Nearest to you:/);

    const nearest = expected[0]!;
    await items.nth(0).getByRole('link').click();
    await page.waitForURL(`${product.app.url}/figures#${nearest.slug}`);
    const entry = page.locator(`article#${nearest.slug}`);
    expect(await entry.count()).toBe(1);
    expect(await entry.getByRole('heading', { level: 3 }).innerText()).toBe(nearest.data.name);
    // The anchor scrolled its entry into view.
    expect(await entry.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
  });

  it('shows the figures on the chart on request, as marks and as a list of links', async () => {
    await visitorOn(page).openQuiz(product.app.url);
    await visitorOn(page).startWithName('123');
    await visitorOn(page).answer(PATH_A);
    await visitorOn(page).onResults();

    const toggle = page.getByRole('checkbox', { name: 'Show figures from literature' });
    expect(await toggle.isChecked()).toBe(false);
    expect(await page.getByRole('list', { name: 'Figures on the chart' }).count()).toBe(0);
    const without = await chartPixels(page);

    // From the keyboard: focus the toggle and press Space.
    await toggle.focus();
    await page.keyboard.press('Space');
    expect(await toggle.isChecked()).toBe(true);
    const list = page.getByRole('list', { name: 'Figures on the chart' });
    await list.waitFor();
    expect(await list.getByRole('link').allInnerTexts()).toEqual(FIGURES.map((f) => f.data.name));
    expect(await list.getByRole('link').first().getAttribute('href')).toBe(`/figures#${FIGURES[0]!.slug}`);
    expect(await resultChart(page).getAttribute('aria-label')).toContain('Literary figures shown as small marks');
    await expect.poll(() => chartPixels(page), POLL).not.toBe(without);
    await expectNoSeriousAxeViolations(page, 'results with the figures shown');

    await page.keyboard.press('Space');
    await expect.poll(() => chartPixels(page), POLL).toBe(without);
  });

  it("a friend's link shows their map by name; taking the quiz from it compares the two", async () => {
    const before = await responseCount(product.app);
    await page.goto(`${product.app.url}/?r=${CODE_B}&n=Rhea`);
    await page.getByRole('heading', { level: 1, name: 'Rhea’s map' }).waitFor();
    expect(await page.locator('li[data-value="love"]').innerText()).toContain(expectedPercentages(PATH_B).love);
    // Their nearest figure, under their name.
    await page.getByRole('region', { name: 'Figures Near Rhea' }).waitFor();
    expect(await resultChart(page).getAttribute('aria-label')).toMatch(
      /^Rhea’s result chart: .* Rhea’s dot: (Love|Duty) /,
    );
    await untilHydrated(page);
    await expectNoSeriousAxeViolations(page, "a friend's map");

    await page.getByRole('button', { name: 'Take the quiz and compare' }).click();
    await page.getByPlaceholder("What's your name?").waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByPlaceholder("What's your name?").fill('Sam');
    await page.getByRole('button', { name: 'Continue' }).click();
    await visitorOn(page).answer(PATH_A);
    await visitorOn(page).onResults();

    expect(await sideShares(page, 'own')).toEqual(expectedPercentages(PATH_A));
    expect(await sideShares(page, 'friend')).toEqual(expectedPercentages(PATH_B));
    expect(await page.locator('table th[scope="col"]').allInnerTexts()).toEqual(['Value', 'You', 'Rhea']);
    const sentence = sideBySideSentence(
      'You',
      resultShares(totalsFor(PATH_A)),
      'Rhea',
      resultShares(totalsFor(PATH_B)),
    );
    expect(await page.locator('[data-comparison-sentence]').innerText()).toBe(sentence);
    const label = await resultChart(page).getAttribute('aria-label');
    expect(label).toContain('You: round dot. Rhea: triangle.');
    expect(label).toContain('Rhea’s dot: ');

    // Both dots are painted: the chart differs from the visitor's own result alone.
    const compared = await chartPixels(page);
    const alone = await context.newPage();
    await alone.goto(`${product.app.url}/?r=${CODE_A}`);
    await alone.getByRole('heading', { level: 1, name: 'A shared map' }).waitFor();
    expect(await chartPixels(alone)).not.toBe(compared);
    await alone.close();

    // The visitor's own result was saved, the friend's never sent.
    await expect.poll(() => responseCount(product.app), POLL).toBe(before + 1);
    expect(sentBodies.join('\n')).not.toContain('Rhea');

    // The visitor's own name goes into the link only when they add it; the friend's came with theirs.
    const name = page.getByLabel('First name shown with the link (optional)');
    expect(await name.inputValue()).toBe('');
    const link = page.getByLabel('Link to this comparison');
    expect(await link.inputValue()).toBe(`${product.app.url}${cellPathFor(PATH_A)}?r=${CODE_A}&f=${CODE_B}&fn=Rhea`);
    await name.fill('Sam');
    expect(await link.inputValue()).toBe(
      `${product.app.url}${cellPathFor(PATH_A)}?r=${CODE_A}&n=Sam&f=${CODE_B}&fn=Rhea`,
    );
    await expectNoSeriousAxeViolations(page, 'a comparison with a friend');
  });

  it("a reload mid-quiz or on the results keeps the friend's comparison; Home forgets it", async () => {
    await page.goto(`${product.app.url}/?r=${CODE_B}&n=Rhea`);
    await page.getByRole('button', { name: 'Take the quiz and compare' }).click();
    await page.getByPlaceholder("What's your name?").fill('Sam');
    await page.getByRole('button', { name: 'Continue' }).click();
    await visitorOn(page).answer(PATH_A.slice(0, 5));
    await page.reload();
    await visitorOn(page).answer(PATH_A, 5);
    await visitorOn(page).onResults();
    expect(await page.locator('table th[scope="col"]').allInnerTexts()).toEqual(['Value', 'You', 'Rhea']);
    expect(await sideShares(page, 'friend')).toEqual(expectedPercentages(PATH_B));

    await page.reload();
    await visitorOn(page).onResults();
    expect(await page.locator('table th[scope="col"]').allInnerTexts()).toEqual(['Value', 'You', 'Rhea']);
    expect(await sideShares(page, 'own')).toEqual(expectedPercentages(PATH_A));
    expect(await sideShares(page, 'friend')).toEqual(expectedPercentages(PATH_B));

    // A quiz started afresh is compared with no one, reload or not.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await page.getByPlaceholder("What's your name?").fill('Sam');
    await page.getByRole('button', { name: 'Continue' }).click();
    await visitorOn(page).answer(PATH_A.slice(0, 3));
    await page.reload();
    await visitorOn(page).answer(PATH_A, 3);
    await visitorOn(page).onResults();
    expect(await page.locator('table th[scope="col"]').count()).toBe(0);
  });

  it('the combined link reopens the comparison under both names', async () => {
    await page.goto(`${product.app.url}/?r=${CODE_A}&n=Sam&f=${CODE_B}&fn=Rhea`);
    await page.getByRole('heading', { level: 1, name: 'Sam and Rhea' }).waitFor();
    expect(await page.locator('table th[scope="col"]').allInnerTexts()).toEqual(['Value', 'Sam', 'Rhea']);
    expect(await sideShares(page, 'own')).toEqual(expectedPercentages(PATH_A));
    expect(await sideShares(page, 'friend')).toEqual(expectedPercentages(PATH_B));
    expect(await page.locator('[data-comparison-sentence]').innerText()).toBe(
      sideBySideSentence('Sam', resultShares(totalsFor(PATH_A)), 'Rhea', resultShares(totalsFor(PATH_B))),
    );
    // Shared on as it came, now on the page of the sharer's cell.
    expect(await page.getByLabel('Link to this comparison').inputValue()).toBe(
      page.url().replace('/?', `${cellPathFor(PATH_A)}?`),
    );
    await untilHydrated(page);
    await expectNoSeriousAxeViolations(page, 'a comparison reopened from its link');

    await page.getByRole('button', { name: 'Take the quiz yourself' }).click();
    await page.getByRole('button', { name: 'Start Quiz' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('a tampered link falls back quietly to the intro or to its valid part; names stay text', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Nothing valid: the intro, and the address cleaned.
    await visitorOn(page).openQuiz(`${product.app.url}/?r=${CODE_A.slice(1)}&n=Rhea&f=99&fn=Sam`);
    await expect.poll(() => new URL(page.url()).search, POLL).toBe('');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Where do you stand?');

    // A name with markup is dropped, the result kept.
    await page.goto(`${product.app.url}/?r=${CODE_B}&n=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    await page.getByRole('heading', { level: 1, name: 'A shared map' }).waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    // A name over 40 characters is dropped too.
    await page.goto(`${product.app.url}/?r=${CODE_B}&n=${'R'.repeat(41)}`);
    await page.getByRole('heading', { level: 1, name: 'A shared map' }).waitFor();

    // A broken friend's part leaves the sharer's result alone.
    await page.goto(`${product.app.url}/?r=${CODE_B}&n=Rhea&f=${CODE_A}9&fn=Sam`);
    await page.getByRole('heading', { level: 1, name: 'Rhea’s map' }).waitFor();
    expect(await page.locator('table').count()).toBe(0);

    // What looks like markup but is allowed is shown as the text it is.
    await page.goto(`${product.app.url}/?r=${CODE_B}&n=${encodeURIComponent('Ann &amp; *Co*')}`);
    await page.getByRole('heading', { level: 1, name: 'Ann &amp; *Co*’s map' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('the link takes the first name the visitor edits, and refuses one it cannot carry', async () => {
    await visitorOn(page).openQuiz(product.app.url);
    await visitorOn(page).startWithName('123');
    await visitorOn(page).answer(PATH_A);
    await visitorOn(page).onResults();
    const name = page.getByLabel('First name shown with the link (optional)');
    const link = page.getByLabel('Link to this result');
    expect(await name.inputValue()).toBe('');
    expect(await link.inputValue()).toBe(`${product.app.url}${cellPathFor(PATH_A)}?r=${CODE_A}`);

    await name.fill('Rhea');
    expect(await link.inputValue()).toBe(`${product.app.url}${cellPathFor(PATH_A)}?r=${CODE_A}&n=Rhea`);
    await name.fill('Rhea <b>');
    expect(await page.getByText('A name in a link cannot contain < or >.').count()).toBe(1);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await link.inputValue()).toBe(`${product.app.url}${cellPathFor(PATH_A)}?r=${CODE_A}&n=Rhea`);
    await name.fill('');
    expect(await link.inputValue()).toBe(`${product.app.url}${cellPathFor(PATH_A)}?r=${CODE_A}`);
  });
});
