/**
 * The Chromium suite's visitor (tests/support/visitor.ts) over a Playwright
 * page, and what only Playwright reads: the console, the page's storage,
 * the server's rows.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { QUESTIONS } from '../../../src/core/questions.ts';
import { VALUES, type Value, type ValueScores } from '../../../src/core/values.ts';
import type { HiddenPageInsights } from '../../../src/lib/api.ts';
import { SUBMISSIONS_KEY } from '../../../src/lib/browser-storage.ts';
import { NAME_PLACEHOLDER, answerText, outboxLength, percentageOf, visitorOf, type Visitor } from '../visitor.ts';
import { E2E_PASSWORD, type RunningApp } from './app.ts';
import { untilHydrated } from './browser.ts';

/** Patience for what the page does on its own (saving, loading); the default second is short on a busy machine. */
export const POLL = { timeout: 20_000, interval: 100 };

export function questionHeading(page: Page) {
  return page.locator('#quiz-question');
}

const visitors = new WeakMap<Page, Visitor>();

/** The visitor at `page`: one per page, so a test may ask for it again at each step. */
export function visitorOn(page: Page): Visitor {
  let visitor = visitors.get(page);
  if (visitor) return visitor;
  const onQuestion = (index: number) =>
    page.getByRole('heading', { level: 1, name: QUESTIONS[index]!.text, exact: true }).waitFor();
  visitor = visitorOf({
    async openQuiz(url) {
      await page.goto(url);
      await page.getByRole('button', { name: 'Start Quiz' }).waitFor();
      // Before hydration the buttons are server-rendered HTML that nothing listens to yet.
      await untilHydrated(page);
    },
    async start() {
      await page.getByRole('button', { name: 'Start Quiz' }).click();
      await page.getByPlaceholder(NAME_PLACEHOLDER).waitFor();
    },
    async giveName(name) {
      await page.getByPlaceholder(NAME_PLACEHOLDER).fill(name);
      await page.getByRole('button', { name: 'Continue' }).click();
      await onQuestion(0);
    },
    onQuestion,
    async choose(question, answer) {
      await page.getByRole('button', { name: answerText(question, answer), exact: true }).click();
    },
    async back() {
      await page.goBack();
    },
    async forward() {
      await page.goForward();
    },
    async reload() {
      await page.reload();
    },
    async onResults() {
      await page.getByRole('heading', { name: 'Your Results' }).waitFor();
    },
    async shownPercentages() {
      const out = {} as Record<Value, string>;
      for (const v of VALUES) out[v] = percentageOf(await page.locator(`li[data-value="${v}"]`).innerText());
      return out;
    },
  });
  visitors.set(page, visitor);
  return visitor;
}

/** Chooses the first answer of whichever question is shown, and waits until it has moved on. */
export async function answerFirst(page: Page): Promise<void> {
  const before = await questionHeading(page).textContent();
  await page.locator('section ul button').first().click();
  await page.waitForFunction((previous) => document.querySelector('#quiz-question')?.textContent !== previous, before);
}

export async function responseCount(app: RunningApp): Promise<number> {
  const res = await app.rpc<{ count: number }>('response_stats');
  expect(res.status).toBe(200);
  return res.body.count;
}

/** Every stored respondent as the hidden page sees them: name and raw totals. */
export async function storedRespondents(app: RunningApp): Promise<{ name: string | null; raw: ValueScores }[]> {
  const res = await app.rpc<HiddenPageInsights>('hidden_page_insights', { password: E2E_PASSWORD });
  expect(res.status).toBe(200);
  const { raw, names } = res.body.points;
  return raw.map(([love, duty, honor, reason], i) => ({ name: names[i] ?? null, raw: { love, duty, honor, reason } }));
}

/** Console errors of a page, collected from now on. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/**
 * Resolves once the page holds the chunk whose file name starts with `name`
 * and every module it imports: a test that cuts the network after it must
 * not race the page's own fetch of them, which a busy machine makes well
 * after the load. Called before the page fetches the chunk.
 */
export async function untilChunkLoaded(page: Page, name: string): Promise<void> {
  const file = new RegExp(`/${name}\\.[\\w-]+\\.js$`);
  const response = await page.waitForResponse((r) => file.test(r.url()) && r.ok());
  // Importing the same address again resolves once the page's own import has every module. A string, since the
  // test runner rewrites a function's import() before the page would see it.
  await page.evaluate(`import(${JSON.stringify(response.url())}).then(() => true)`);
}

/** Finished quizzes the page's outbox still holds, not yet known to be stored. */
export function pendingCount(page: Page): Promise<number> {
  return page.evaluate(outboxLength, SUBMISSIONS_KEY);
}
