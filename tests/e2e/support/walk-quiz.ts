/** Steps through the quiz on "/" the way a visitor does, by the visible texts. */
import type { Page } from 'playwright-core';
import { QUESTION_COUNT } from '../../../src/core/questions.ts';

export async function openHome(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Start Quiz' }).waitFor();
  // The buttons are server-rendered; wait until the islands are live.
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

export async function toNameScreen(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start Quiz' }).click();
  await page.getByPlaceholder("What's your name?").waitFor();
}

/** From the name screen to question `upTo` (1-based), choosing each question's first answer on the way. */
export async function toQuestion(page: Page, name: string, upTo: number): Promise<void> {
  await page.getByPlaceholder("What's your name?").fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  for (let i = 1; i < upTo; i += 1) await answerFirst(page);
}

export async function answerFirst(page: Page): Promise<void> {
  const heading = page.locator('#quiz-question');
  const before = await heading.textContent();
  await page.locator('section ul button').first().click();
  await page.waitForFunction(
    (previous) => document.querySelector('#quiz-question')?.textContent !== previous,
    before,
  );
}

/** Whole quiz as the test-mode visitor "123", so nothing is stored. */
export async function toResults(page: Page, url: string): Promise<void> {
  await openHome(page, url);
  await toNameScreen(page);
  await toQuestion(page, '123', QUESTION_COUNT);
  await answerFirst(page);
  await page.getByRole('heading', { name: 'Your Results' }).waitFor();
}
