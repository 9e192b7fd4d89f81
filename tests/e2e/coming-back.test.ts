/**
 * A visitor who comes back, loses the network, follows a broken link,
 * starts over by mistake or steps back: each finds what happened said on
 * screen and a way on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { cellOf, cellPath, MAP_CELLS } from '../../src/core/map.ts';
import { NAME_MAX_LENGTH } from '../../src/core/progress.ts';
import { QUESTIONS } from '../../src/core/questions.ts';
import { resultPosition } from '../../src/core/scoring.ts';
import { useProduct } from '../support/chromium/product.ts';
import {
  POLL,
  pendingCount,
  questionHeading,
  responseCount,
  untilChunkLoaded,
  visitorOn,
} from '../support/chromium/quiz-driver.ts';
import { PATH_A, answerText, expectedPercentages, totalsFor } from '../support/visitor.ts';

const CODE_A = PATH_A.join('');

describe('coming back, going offline, breaking a link', () => {
  const product = useProduct();
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  async function newContext(): Promise<BrowserContext> {
    const context = await product.browser.newContext();
    contexts.push(context);
    return context;
  }

  it('a returning visitor finds their last result on "/" and gets back to it, without saving it again', async () => {
    const context = await newContext();
    const first = await context.newPage();
    await visitorOn(first).openQuiz(product.app.url);
    await visitorOn(first).startWithName('Returning');
    await visitorOn(first).answer(PATH_A);
    await visitorOn(first).onResults();
    await expect.poll(() => pendingCount(first), POLL).toBe(0);
    const rows = await responseCount(product.app);
    await first.close();

    // A new tab: the session is gone, the browser's kept results are not.
    const page = await context.newPage();
    await visitorOn(page).openQuiz(product.app.url);
    const note = page.locator('[data-intro-note="returning"]');
    await note.waitFor(POLL);
    expect(await note.innerText()).toMatch(/^Welcome back\. Your last result, today at \d\d:\d\d, leaned toward /);
    await page.getByRole('button', { name: 'Show my last result' }).click();
    await visitorOn(page).onResults();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_A));
    await page.getByRole('button', { name: 'Remove my answers from the site' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await responseCount(product.app)).toBe(rows);
  });

  it('finishing offline still draws the chart, lets the image be saved, and says the save waits for the connection', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const visitor = visitorOn(page);
    // What the quiz fetches ahead while it runs (the results screen and store, Chart.js), each with its imports.
    const ahead = Promise.all(['ResultsScreen', 'results', 'chart-core'].map((name) => untilChunkLoaded(page, name)));
    await visitor.openQuiz(product.app.url);
    await visitor.startWithName('Offline');
    await visitor.answer(PATH_A.slice(0, QUESTIONS.length - 1));
    await ahead;
    await context.setOffline(true);
    await visitor.choose(QUESTIONS.length - 1, PATH_A[QUESTIONS.length - 1]!);
    await visitor.onResults();
    await page.getByRole('status').filter({ hasText: 'saves it when the connection returns' }).waitFor(POLL);
    await page.getByRole('img', { name: /^Your result chart/ }).waitFor(POLL);
    await expect.poll(() => page.getByRole('button', { name: 'Save image' }).isEnabled(), POLL).toBe(true);
    expect(await pendingCount(page)).toBe(1);

    const before = await responseCount(product.app);
    await context.setOffline(false);
    await expect.poll(() => pendingCount(page), POLL).toBe(0);
    expect(await responseCount(product.app)).toBe(before + 1);
    await expect
      .poll(() => page.locator('[data-save-status]').innerText(), POLL)
      .not.toContain('when the connection returns');
  });

  describe('a broken or altered share link is explained, and the quiz offered', () => {
    const own = cellOf(resultPosition(totalsFor(PATH_A)));
    const other = MAP_CELLS.find((c) => c.col !== own.col || c.row !== own.row)!;
    const cases = [
      { what: 'a damaged code', path: `${cellPath(own)}?r=999`, says: 'damaged or incomplete' },
      { what: 'a cell page alone', path: cellPath(own), says: 'lost its answers' },
      { what: "another cell's result", path: `${cellPath(other)}?r=${CODE_A}`, says: 'changed after it was shared' },
    ];
    for (const c of cases) {
      it(c.what, async () => {
        const page = await (await newContext()).newPage();
        await page.goto(`${product.app.url}${c.path}`);
        const alert = page.getByRole('alert').filter({ hasText: c.says });
        await alert.waitFor(POLL);
        expect(await page.getByRole('heading', { name: /map$/ }).count()).toBe(0);
        await alert.getByRole('button', { name: 'Take the quiz' }).click();
        await page.getByPlaceholder("What's your name?").waitFor();
      });
    }
  });

  it('Start over midway can be undone, back to the same question with the answers kept', async () => {
    const page = await (await newContext()).newPage();
    const visitor = visitorOn(page);
    await visitor.openQuiz(product.app.url);
    await visitor.startWithName('Midway');
    await visitor.answer(PATH_A.slice(0, 5));
    await visitor.onQuestion(5);
    const menu = page.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('button', { name: 'Start Quiz' }).waitFor();
    const note = page.locator('[data-intro-note="wiped"]');
    await note.waitFor(POLL);
    expect(await note.innerText()).toContain('You left the quiz at question 6');
    await page.getByRole('button', { name: 'Undo: back to question 6' }).click();
    await visitor.onQuestion(5);
    await visitor.answer(PATH_A, 5);
    await visitor.onResults();
    expect(await visitor.shownPercentages()).toEqual(expectedPercentages(PATH_A));
  });

  it('the name field asks for a name and says its limit', async () => {
    const page = await (await newContext()).newPage();
    await visitorOn(page).openQuiz(product.app.url);
    await visitorOn(page).start();
    const field = page.getByPlaceholder("What's your name?");
    expect(await field.getAttribute('autocomplete')).toBe('name');
    expect(await field.getAttribute('maxlength')).toBe(String(NAME_MAX_LENGTH));
    expect(await page.locator('#quiz-name-note').innerText()).toContain(`At most ${NAME_MAX_LENGTH} characters.`);
  });

  it('Back inside the quiz marks the answer chosen before, visibly and with aria-pressed', async () => {
    const page = await (await newContext()).newPage();
    const visitor = visitorOn(page);
    await visitor.openQuiz(product.app.url);
    await visitor.startWithName('');
    await visitor.choose(0, 2);
    await visitor.onQuestion(1);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await questionHeading(page).filter({ hasText: QUESTIONS[0]!.text }).waitFor();
    const answers = QUESTIONS[0]!.answers.map((_, i) =>
      page.getByRole('button', { name: answerText(0, i), exact: true }),
    );
    await expect.poll(() => answers[2]!.getAttribute('aria-pressed'), POLL).toBe('true');
    for (const [i, a] of answers.entries()) {
      if (i !== 2) expect(await a.getAttribute('aria-pressed')).toBe('false');
    }
    const weight = (i: number) => answers[i]!.evaluate((b) => getComputedStyle(b).fontWeight);
    expect(Number(await weight(2))).toBeGreaterThan(Number(await weight(0)));
  });
});
