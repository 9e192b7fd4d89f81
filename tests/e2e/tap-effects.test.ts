/**
 * On the interaction bench's phone (Lighthouse's mobile screen, CPU slowed
 * 4x), each tap the bench times shows what it asked for: the menu, About
 * opened for the first time, the 12th answer's results, and the /hehe search
 * field taking the caret while its plots of 5,000 dots draw. The page itself
 * notes the first frame that shows the effect (tests/support/interaction/effect.ts).
 * How soon is a figure, not a verdict: `npm run bench:interaction` prints
 * it against a same-run React reference. Here only that the effect came.
 */
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { TEST_MODE_NAME } from '../../src/core/progress.ts';
import { armEffect, effectTime, type Effect } from '../support/interaction/effect.ts';
import { tap } from '../support/interaction/flows.ts';
import { slowPhonePage } from '../support/chromium/phone.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, visitorOn } from '../support/chromium/quiz-driver.ts';
import { answerText } from '../support/visitor.ts';
import { E2E_PASSWORD } from '../support/chromium/app.ts';
import { seed } from '../../scripts/bench-server.ts';
import { untilHydrated } from '../support/chromium/browser.ts';

const product = useProduct();
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

async function slowPhone(): Promise<{ page: Page; problems: string[] }> {
  const phone = await slowPhonePage(product.browser);
  opened.push(phone.context);
  return phone;
}

/** Taps `target` with the effect's watch armed, and expects the page to have painted the effect after the tap. */
async function expectTapShows(page: Page, target: Locator, effect: Effect | Effect[]): Promise<void> {
  await target.waitFor(POLL);
  await armEffect(page, effect);
  await tap(page, target);
  const shownAfter = await effectTime(page, 'effect', 30_000);
  expect(shownAfter, `the effect ${JSON.stringify(effect)} after the tap`).not.toBeNull();
  expect(shownAfter).toBeGreaterThanOrEqual(0);
}

describe('on a phone at 4x CPU, a tap shows what it asked for', () => {
  it('the menu opens, and About, opened from it for the first time, shows its text', async () => {
    const { page, problems } = await slowPhone();
    await visitorOn(page).openQuiz(`${product.app.url}/`);
    await expectTapShows(page, page.getByRole('button', { name: 'Menu' }), {
      selector: '#site-menu button',
      text: 'about.',
    });
    const about = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'about.', exact: true });
    await expectTapShows(page, about, { selector: '#overlay-about', text: 'a mirror or a story prompt' });
    expect(problems).toEqual([]);
  });

  it('the 12th answer shows "Your Results" with the four percentages', async () => {
    const last = QUESTIONS.length - 1;
    const { page, problems } = await slowPhone();
    await visitorOn(page).openQuiz(`${product.app.url}/`);
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await page.getByPlaceholder("What's your name?").fill(TEST_MODE_NAME);
    await page.getByRole('button', { name: 'Continue' }).click();
    for (let q = 0; q < last; q++) {
      await visitorOn(page).onQuestion(q);
      await page.getByRole('button', { name: answerText(q, 0), exact: true }).click();
    }
    await visitorOn(page).onQuestion(last);
    await expectTapShows(page, page.getByRole('button', { name: answerText(last, 0), exact: true }), [
      { selector: '#quiz-results-title', text: 'Your Results' },
      { selector: 'li[data-value]', text: '%', count: 4 },
    ]);
    expect(problems).toEqual([]);
  });

  it('on /hehe with 5,000 respondents, the search field tapped while the plots draw takes the caret', async () => {
    await product.app.stop();
    seed(product.app.dataDir, 5000);
    await product.app.start();
    const { page, problems } = await slowPhone();
    await page.goto(`${product.app.url}/hehe`);
    const password = page.getByPlaceholder('Enter secret password');
    await untilHydrated(page, POLL);
    await password.fill(E2E_PASSWORD);
    await password.press('Enter');
    await page.getByRole('heading', { name: 'Welcome to Secret Insights' }).waitFor(POLL);
    await expectTapShows(page, page.getByRole('searchbox', { name: 'Search by name' }), {
      selector: 'input[type="search"]:focus',
    });
    expect(problems).toEqual([]);
  });
});
