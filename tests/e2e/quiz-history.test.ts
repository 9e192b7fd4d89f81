import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { QUESTIONS } from '../../src/core/questions.ts';
import { TEST_MODE_NAME } from '../../src/core/progress.ts';
import { phonePage } from '../support/chromium/phone.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, pendingCount, storedRespondents, visitorOn } from '../support/chromium/quiz-driver.ts';
import { PATH_A, PATH_B, expectedPercentages, totalsFor } from '../support/visitor.ts';
import { untilHydrated } from '../support/chromium/browser.ts';

describe("the browser's history is the quiz's history (phone)", () => {
  const product = useProduct();
  const contexts: BrowserContext[] = [];

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  async function open(): Promise<Page> {
    const { context, page } = await phonePage(product.browser);
    contexts.push(context);
    await visitorOn(page).openQuiz(product.app.url);
    return page;
  }

  /** Question `index` (0-based) is the one on screen, with its place in the progress. */
  async function onQuestion(page: Page, index: number): Promise<void> {
    await page.getByRole('heading', { level: 1, name: QUESTIONS[index]!.text, exact: true }).waitFor();
    await page.getByText(`Question ${index + 1} of ${QUESTIONS.length}`).waitFor();
    expect(await page.locator('#quiz-question').count()).toBe(1);
  }

  async function onIntro(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Start Quiz' }).waitFor();
    expect(new URL(page.url()).origin).toBe(product.app.url);
  }

  /** Reloads and waits until the islands have hydrated and had their chance to resume. */
  async function reloaded(page: Page): Promise<void> {
    await page.reload();
    await page.getByRole('button', { name: 'Start Quiz' }).waitFor();
    await untilHydrated(page);
    // What a resume would load and show has had time to arrive.
    await page.waitForLoadState('networkidle');
  }

  /** Uncaught errors of a page, from now on. */
  function pageErrors(page: Page): Error[] {
    const errors: Error[] = [];
    page.on('pageerror', (e) => errors.push(e));
    return errors;
  }

  function submitsOf(page: Page): string[] {
    const submits: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rpc/submit_response')) submits.push(r.url());
    });
    return submits;
  }

  async function rowsNamed(name: string) {
    return (await storedRespondents(product.app)).filter((r) => r.name === name);
  }

  it('Back undoes the last answer, Forward gives it back, and a different answer replaces it', async () => {
    const page = await open();
    const errors = pageErrors(page);
    await visitorOn(page).startWithName(TEST_MODE_NAME);
    await visitorOn(page).answer(PATH_A.slice(0, 4));
    await onQuestion(page, 4);

    await page.goBack();
    await onQuestion(page, 3);
    await page.goBack();
    await onQuestion(page, 2);
    await page.goForward();
    await onQuestion(page, 3);

    // Question 4 answered differently this time: the results count it once, the other way.
    const path = [...PATH_A];
    path[3] = PATH_B[3]!;
    expect(path[3]).not.toBe(PATH_A[3]);
    await visitorOn(page).answer(path, 3);
    await visitorOn(page).onResults();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(path));
    expect(expectedPercentages(path)).not.toEqual(expectedPercentages(PATH_A));
    expect(errors).toEqual([]);
  });

  it("the on-screen Back and the browser's walk the same entries, down to the intro, never off the site", async () => {
    const page = await open();
    await visitorOn(page).startWithName(TEST_MODE_NAME);
    await visitorOn(page).answer(PATH_A.slice(0, 3));
    await onQuestion(page, 3);

    await page.getByRole('button', { name: 'Back' }).click();
    await onQuestion(page, 2);
    await page.goForward();
    await onQuestion(page, 3);
    await page.goBack();
    await onQuestion(page, 2);
    await page.getByRole('button', { name: 'Back' }).click();
    await onQuestion(page, 1);
    await page.goBack();
    await onQuestion(page, 0);

    // Back from the first question is the name screen, and from there the intro.
    await page.goBack();
    await page.getByPlaceholder("What's your name?").waitFor();
    expect(new URL(page.url()).origin).toBe(product.app.url);
    await page.goBack();
    await onIntro(page);

    // Forward all the way back to question 2: every answer given is there again. What was
    // typed on the name screen before Back is still in its field: the screen stayed drawn.
    await page.goForward();
    await page.getByPlaceholder("What's your name?").fill('Grace');
    await page.goBack();
    await onIntro(page);
    await page.goForward();
    expect(await page.getByPlaceholder("What's your name?").inputValue()).toBe('Grace');
    await page.goForward();
    await onQuestion(page, 0);
    await page.goForward();
    await onQuestion(page, 1);
    await visitorOn(page).answer(PATH_A, 1);
    await visitorOn(page).onResults();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_A));
  });

  it('a reload mid-quiz resumes at the same question with the same name and answers', async () => {
    const name = 'Reloaded Ada';
    const page = await open();
    await visitorOn(page).startWithName(name);
    await visitorOn(page).answer(PATH_A.slice(0, 5));
    await onQuestion(page, 5);

    await page.reload();
    await onQuestion(page, 5);
    // The entries behind survive the reload too.
    await page.goBack();
    await onQuestion(page, 4);
    await page.goForward();
    await onQuestion(page, 5);

    await visitorOn(page).answer(PATH_A, 5);
    await visitorOn(page).onResults();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_A));
    await expect.poll(() => rowsNamed(name), POLL).toEqual([{ name, raw: totalsFor(PATH_A) }]);
  });

  it('a reload on the results shows them again and the database holds exactly one row; Back and Forward save nothing', async () => {
    const name = 'Saved Once';
    const page = await open();
    await visitorOn(page).startWithName(name);
    await visitorOn(page).answer(PATH_B);
    await visitorOn(page).onResults();
    await expect.poll(() => rowsNamed(name), POLL).toHaveLength(1);
    // The row commits a moment before the browser hears so and empties its outbox.
    await expect.poll(() => pendingCount(page), POLL).toBe(0);

    const submits = submitsOf(page);
    await page.reload();
    await visitorOn(page).onResults();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_B));
    // The comparison is asked for once the result counts as saved: it is drawn, with nothing sent again.
    await page.getByRole('region', { name: 'How Do You Compare?' }).getByRole('img').waitFor();

    await page.goBack();
    await onQuestion(page, QUESTIONS.length - 1);
    await page.goForward();
    await visitorOn(page).onResults();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_B));
    await page.getByRole('region', { name: 'How Do You Compare?' }).getByRole('img').waitFor();

    expect(submits).toEqual([]);
    expect(await rowsNamed(name)).toEqual([{ name, raw: totalsFor(PATH_B) }]);
  });

  it('Start over forgets the quiz: a reload then shows the intro', async () => {
    const page = await open();
    await visitorOn(page).startWithName(TEST_MODE_NAME);
    await visitorOn(page).answer(PATH_A.slice(0, 3));
    await onQuestion(page, 3);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(1);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Start over' }).click();
    await onIntro(page);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await reloaded(page);
    expect(await page.locator('#quiz-question').count()).toBe(0);
  });

  it('stored progress that does not read back is ignored quietly', async () => {
    const page = await open();
    const errors = pageErrors(page);
    await page.evaluate(() => {
      sessionStorage.setItem('myc.quiz-progress.v1', '{"screen":"question","name":"x","answers":[{"questionId":1}]');
    });
    await reloaded(page);
    expect(await page.locator('#quiz-question').count()).toBe(0);
    await visitorOn(page).startWithName(TEST_MODE_NAME);
    await onQuestion(page, 0);
    expect(errors).toEqual([]);
  });
});
