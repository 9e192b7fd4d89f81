/**
 * A whole quiz on "/" as a visitor on a phone makes it, every control timed
 * twice over: input to next paint (Event Timing) and input to the first
 * frame showing what it asked for (effect.ts). The menu and both overlays,
 * the first time and again; Start Quiz, the name, Continue, each answer and
 * Back; the results with their percentages, "What does this mean?" and the
 * link copied; then Start over and a second quiz, whose results have an
 * earlier one to show and forget.
 */
import type { Page } from 'playwright-core';
import { QUESTIONS } from '../../../src/core/questions.ts';
import type { Effect } from './effect.ts';
import { measure, settled, tap, typeKeys, type Durations, type EffectTimes } from './flows.ts';

const ABOUT_TEXT = 'a mirror or a story prompt';
const ESSAY_TEXT = 'the pull toward particular people';
const RESULTS: Effect[] = [
  { selector: '#quiz-results-title', text: 'Your Results' },
  { selector: 'li[data-value]', text: '%', count: 4 },
];

const questionShown = (index: number): Effect => ({ selector: '#quiz-question', text: QUESTIONS[index]!.text });

export async function quiz(page: Page, url: string, durations: Durations, effects: EffectTimes): Promise<void> {
  const timed = (kind: string, action: () => Promise<void>, shows: Effect | readonly Effect[]) =>
    measure(page, durations, kind, action, { shows, into: effects });
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const entry = (name: string) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true });
  /** Opens the menu (timed) and taps one of its entries (timed, as `kind`). */
  const fromMenu = async (name: string, kind: string, shows: Effect | readonly Effect[]) => {
    await timed('quiz: menu', () => tap(page, button('Menu')), { selector: '#site-menu button', text: name });
    await page.waitForTimeout(500);
    await timed(kind, () => tap(page, entry(name)), shows);
    await page.waitForTimeout(500);
  };
  const close = async () => {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(500);
  };
  const answerAll = async (measured: boolean) => {
    for (const [i, question] of QUESTIONS.entries()) {
      await page.getByText(`Question ${i + 1} of ${QUESTIONS.length}`).waitFor();
      const answer = button(question.answers[i % question.answers.length]!.text);
      await answer.waitFor();
      // The question fades in; a tap lands once it is there.
      await page.waitForTimeout(350);
      const last = i === QUESTIONS.length - 1;
      if (!measured) await answer.click();
      else if (last) await timed('quiz: the 12th answer, to the results', () => tap(page, answer), RESULTS);
      else await timed('quiz: answer', () => tap(page, answer), questionShown(i + 1));
      if (measured && i === 2) {
        await page.waitForTimeout(350);
        await timed('quiz: Back', () => tap(page, button('Back')), questionShown(2));
        await page.waitForTimeout(350);
        await button(question.answers[i % question.answers.length]!.text).click();
      }
    }
    await page.locator('[data-screen="results"]').waitFor({ timeout: 30_000 });
  };

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  await page.goto(`${url}/`);
  await settled(page);
  await fromMenu('about.', 'quiz: menu, about. (the first overlay)', { selector: '#overlay-about', text: ABOUT_TEXT });
  await close();
  await fromMenu('understand.', 'quiz: menu, understand. (first time)', {
    selector: '#overlay-explain',
    text: ESSAY_TEXT,
  });
  await close();
  await fromMenu('about.', 'quiz: menu, about. (again)', { selector: '#overlay-about', text: ABOUT_TEXT });
  await close();
  await fromMenu('understand.', 'quiz: menu, understand. (again)', { selector: '#overlay-explain', text: ESSAY_TEXT });
  await close();

  await timed('quiz: Start Quiz', () => tap(page, button('Start Quiz')), { selector: '#quiz-name' });
  await page.locator('#quiz-name').waitFor();
  await typeKeys(page, durations, 'quiz: name keystroke', 'Ada');
  await timed('quiz: Continue', () => tap(page, button('Continue')), questionShown(0));
  await answerAll(true);
  await page.waitForTimeout(1500);
  await timed('quiz: What does this mean?', () => tap(page, button('What does this mean?')), {
    selector: '#overlay-understanding',
    text: ESSAY_TEXT,
  });
  await close();
  await timed('quiz: Copy link', () => tap(page, button('Copy link')), {
    selector: 'p[role="status"]',
    text: 'Link copied.',
  });

  // A second quiz: its results have the first to show as a trail, and to forget.
  await fromMenu('Start over', 'quiz: menu, Start over', { selector: 'button', text: 'Start Quiz' });
  await button('Start Quiz').click();
  await page.locator('#quiz-name').fill('Ada');
  await button('Continue').click();
  await answerAll(false);
  await page.waitForTimeout(1500);
  const toggle = page.getByRole('checkbox', { name: 'Show my earlier results on the chart' });
  await timed('quiz: show my earlier results', () => tap(page, toggle), {
    selector: 'ul[aria-label="Your earlier results"]',
  });
  await page.waitForTimeout(500);
  await timed('quiz: Forget my earlier results', () => tap(page, button('Forget my earlier results')), {
    selector: 'p[role="status"]',
    text: 'Your earlier results are forgotten.',
  });
}
