/**
 * Drives the quiz on "/" the way a visitor does, by the visible texts, and
 * computes what the results screen must show from the scoring core, never
 * from the page.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { QUESTIONS } from '../../../src/core/questions.ts';
import { TEST_MODE_NAME } from '../../../src/core/progress.ts';
import { cellOf, cellPath } from '../../../src/core/map.ts';
import { formatPercent, resultPosition, resultShares } from '../../../src/core/scoring.ts';
import { totalsOf } from '../../../src/core/totals.ts';
import { VALUES, type Value, type ValueScores } from '../../../src/core/values.ts';
import type { SecretInsights } from '../../../src/lib/api.ts';
import { E2E_PASSWORD, type RunningApp } from './app.ts';

/** Patience for what the page does on its own (saving, loading); the default second is short on a busy machine. */
export const POLL = { timeout: 20_000, interval: 100 };

export { PATH_A, PATH_B } from '../random-answers.ts';
const FIRST_ANSWERS = QUESTIONS.map(() => 0);

export function answerText(question: number, index: number): string {
  const text = QUESTIONS[question]?.answers[index]?.text;
  if (text === undefined) throw new Error(`Question ${question + 1} has no answer ${index}`);
  return text;
}

export function totalsFor(path: readonly number[]): ValueScores {
  return totalsOf(path.map((a, q) => QUESTIONS[q]!.answers[a]!));
}

/** The page of the map's cell a path's dot falls in, e.g. "/r/5-2": where its share link points. */
export function cellPathFor(path: readonly number[]): string {
  return cellPath(cellOf(resultPosition(totalsFor(path))));
}

/** The four percentages the results screen must print for a path, e.g. { love: '31.6%', ... }. */
export function expectedPercentages(path: readonly number[]): Record<Value, string> {
  const shares = resultShares(totalsFor(path));
  return Object.fromEntries(VALUES.map((v) => [v, formatPercent(shares[v])])) as Record<Value, string>;
}

export async function shownPercentages(page: Page): Promise<Record<Value, string>> {
  const out = {} as Record<Value, string>;
  for (const v of VALUES) {
    const text = await page.locator(`li[data-value="${v}"]`).innerText();
    const m = /(\d+\.\d%)\s*$/.exec(text);
    out[v] = m?.[1] ?? `unreadable: ${text}`;
  }
  return out;
}

export function questionHeading(page: Page) {
  return page.locator('#quiz-question');
}

/**
 * Opens an address that shows the quiz's intro and waits until every island
 * has hydrated: before that the buttons are server-rendered HTML that
 * nothing listens to yet.
 */
export async function openQuiz(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Start Quiz' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** From the intro to the name screen. */
export async function toNameScreen(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start Quiz' }).click();
  await page.getByPlaceholder("What's your name?").waitFor();
}

/** From the intro to question 1, giving `name` on the way. */
export async function startWithName(page: Page, name: string): Promise<void> {
  await toNameScreen(page);
  await page.getByPlaceholder("What's your name?").fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForQuestion(page, 0);
}

/** Waits until question `index` (0-based) is on screen. Usable outside a test too. */
export async function waitForQuestion(page: Page, index: number): Promise<void> {
  await page.getByRole('heading', { level: 1, name: QUESTIONS[index]!.text, exact: true }).waitFor();
}

/** Answers questions from `from` on with the given path, checking each question appears first. */
export async function answer(page: Page, path: readonly number[], from = 0): Promise<void> {
  for (let q = from; q < path.length; q++) {
    await waitForQuestion(page, q);
    await page.getByRole('button', { name: answerText(q, path[q]!), exact: true }).click();
  }
}

/** Chooses the first answer of whichever question is shown, and waits until it has moved on. */
export async function answerFirst(page: Page): Promise<void> {
  const before = await questionHeading(page).textContent();
  await page.locator('section ul button').first().click();
  await page.waitForFunction(
    (previous) => document.querySelector('#quiz-question')?.textContent !== previous,
    before,
  );
}

export async function waitForResults(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Your Results' }).waitFor();
}

/** The whole quiz from "/" as the test-mode visitor, so nothing is stored. */
export async function toResults(page: Page, url: string): Promise<void> {
  await openQuiz(page, url);
  await startWithName(page, TEST_MODE_NAME);
  await answer(page, FIRST_ANSWERS);
  await waitForResults(page);
}

export async function responseCount(app: RunningApp): Promise<number> {
  const res = await app.rpc<{ count: number }>('response_stats');
  expect(res.status).toBe(200);
  return res.body.count;
}

/** Every stored respondent as the hidden page sees them: name and raw totals. */
export async function storedRespondents(app: RunningApp): Promise<{ name: string | null; raw: ValueScores }[]> {
  const res = await app.rpc<SecretInsights>('secret_insights', { password: E2E_PASSWORD });
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

/** Finished quizzes the page's outbox still holds, not yet known to be stored. */
export function pendingCount(page: Page): Promise<number> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.includes('pending-submissions'))
      .reduce((n, k) => n + (JSON.parse(localStorage.getItem(k) ?? '[]') as unknown[]).length, 0),
  );
}
