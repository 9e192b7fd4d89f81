/**
 * What a tap asks for is on screen within 100 ms, on the interaction bench's
 * phone (scripts/interaction/phone.ts), its network aside. Timed in the page (scripts/interaction/effect.ts): from
 * the tap's pointerdown to the first frame that shows its effect. Each
 * figure is the median of three. A machine busy with other work slows
 * every tap, so each run also times a tap of the bench's React page for
 * reference (scripts/interaction/references.ts), a floor no code of ours
 * runs in, and allows 100 ms scaled by how much slower than on a quiet
 * machine that reference was, never more than 2.5 times: a page that held
 * its effect back 300 ms fails however busy the machine, and a delay in the
 * product stretches nothing. A set of runs whose reference was slowed more
 * than that came at a moment too busy to judge by, and is measured again,
 * a few times at most.
 */
import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { TEST_MODE_NAME } from '../../src/core/progress.ts';
import { armEffect, effectTime, type Effect } from '../../scripts/interaction/effect.ts';
import { tap } from '../../scripts/interaction/flows.ts';
import { openReactPage, reactReferenceScript } from '../../scripts/interaction/references.ts';
import { slowPhonePage } from '../support/chromium/phone.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, visitorOn } from '../support/chromium/quiz-driver.ts';
import { answerText } from '../support/visitor.ts';
import { E2E_PASSWORD } from '../support/chromium/app.ts';
import { seed } from '../../scripts/bench-server.ts';
import { untilHydrated } from '../support/chromium/browser.ts';

const WITHIN_MS = 100;
const RUNS = 3;
/** How far a busy machine may stretch the 100 ms: below 300 ms, which must always fail. */
const MOST_STRETCH = 2.5;

/**
 * What is allowed, given the reference's median in this run and its figure
 * on a quiet machine at 4x CPU: 100 ms, stretched as the reference was.
 */
function allowed(reference: number, quiet: number): number {
  return WITHIN_MS * Math.min(MOST_STRETCH, Math.max(1, reference / quiet));
}

/** On a quiet machine at 4x, the React page for reference shows its next question 21 ms after a tap (bench:interaction). */
const REACT_TAP_MS = 21;
/** Sets of RUNS measured at most while the machine is too busy to judge by (see above). */
const MOST_SETS = 3;
const TIMEOUT = 240_000 * MOST_SETS;

const product = useProduct();
let reactScript = '';
beforeAll(async () => {
  reactScript = await reactReferenceScript();
});
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

async function slowPhone(browser: Browser): Promise<Page> {
  const { context, page } = await slowPhonePage(browser);
  opened.push(context);
  return page;
}

const ms = (values: number[]) => `${values.map(Math.round).join(', ')} ms`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Taps `target` with the effect's watch armed; the milliseconds until the effect was on screen. */
async function timedTap(page: Page, target: ReturnType<Page['locator']>, effect: Effect | Effect[]): Promise<number> {
  await target.waitFor(POLL);
  await armEffect(page, effect);
  await tap(page, target);
  const time = await effectTime(page);
  if (time === null) throw new Error(`the effect ${JSON.stringify(effect)} never showed`);
  return time;
}

/**
 * The React page for reference on a slow phone: one tap not counted (a
 * first tap through a cold React is slower), then the median of three
 * answers, each until the next question shows.
 */
async function reactTap(): Promise<number> {
  const page = await slowPhone(product.browser);
  await openReactPage(page, product.app.url, reactScript);
  await tap(page, page.getByRole('button').first());
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.waitForTimeout(350);
    times.push(await timedTap(page, page.getByRole('button').nth(i), { selector: 'h1', text: `Question ${i + 3}` }));
  }
  await page.context().close();
  return median(times);
}

/**
 * Measures sets of RUNS runs, each a tap of the product (`run`, in
 * milliseconds until its effect showed) and one of the React page, until
 * the reference of a set was slowed at most MOST_STRETCH times (MOST_SETS
 * sets at most), and holds that set's median to what is allowed.
 */
async function expectQuickTap(run: () => Promise<number>, what: string): Promise<void> {
  let times: number[] = [];
  let references: number[] = [];
  for (let set = 0; set < MOST_SETS; set++) {
    times = [];
    references = [];
    for (let i = 0; i < RUNS; i++) {
      times.push(await run());
      references.push(await reactTap());
    }
    if (median(references) <= REACT_TAP_MS * MOST_STRETCH) break;
  }
  const limit = allowed(median(references), REACT_TAP_MS);
  expect(
    median(times),
    `${what} after ${ms(times)}, the React page's answer after ${ms(references)}`,
  ).toBeLessThanOrEqual(limit);
}

describe('a tap shows what it asked for within 100 ms at 4x CPU', () => {
  it('the menu opens', { timeout: TIMEOUT }, async () => {
    await expectQuickTap(async () => {
      const page = await slowPhone(product.browser);
      await visitorOn(page).openQuiz(`${product.app.url}/`);
      await page.waitForTimeout(500);
      const time = await timedTap(page, page.getByRole('button', { name: 'Menu' }), {
        selector: '#site-menu button',
        text: 'about.',
      });
      await page.context().close();
      return time;
    }, 'the menu shown');
  });

  it('the About overlay, opened for the first time from the menu, shows its text', { timeout: TIMEOUT }, async () => {
    await expectQuickTap(async () => {
      const page = await slowPhone(product.browser);
      await visitorOn(page).openQuiz(`${product.app.url}/`);
      await page.waitForTimeout(500);
      await tap(page, page.getByRole('button', { name: 'Menu' }));
      const about = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'about.', exact: true });
      // A visitor reads the menu before choosing.
      await page.waitForTimeout(500);
      const time = await timedTap(page, about, { selector: '#overlay-about', text: 'a mirror or a story prompt' });
      await page.context().close();
      return time;
    }, 'About shown');
  });

  it('the 12th answer shows "Your Results" with the four percentages', { timeout: TIMEOUT }, async () => {
    const last = QUESTIONS.length - 1;
    await expectQuickTap(async () => {
      const page = await slowPhone(product.browser);
      await visitorOn(page).openQuiz(`${product.app.url}/`);
      await page.getByRole('button', { name: 'Start Quiz' }).click();
      await page.getByPlaceholder("What's your name?").fill(TEST_MODE_NAME);
      await page.getByRole('button', { name: 'Continue' }).click();
      for (let q = 0; q < last - 1; q++) {
        await visitorOn(page).onQuestion(q);
        await page.getByRole('button', { name: answerText(q, 0), exact: true }).click();
      }
      // The question fades in; the visitor taps once it is there.
      await visitorOn(page).onQuestion(last - 1);
      await page.waitForTimeout(500);
      await tap(page, page.getByRole('button', { name: answerText(last - 1, 0), exact: true }));
      await visitorOn(page).onQuestion(last);
      await page.waitForTimeout(500);
      const answer = page.getByRole('button', { name: answerText(last, 0), exact: true });
      const time = await timedTap(page, answer, [
        { selector: '#quiz-results-title', text: 'Your Results' },
        { selector: 'li[data-value]', text: '%', count: 4 },
      ]);
      await page.context().close();
      return time;
    }, 'results shown');
  });

  it(
    'on /hehe with 5,000 respondents, the search field tapped 500 ms after unlocking takes the caret',
    { timeout: TIMEOUT },
    async () => {
      // The plots of 5,000 dots draw in the first seconds after unlocking: the tap comes while they do.
      await product.app.stop();
      seed(product.app.dataDir, 5000);
      await product.app.start();
      await expectQuickTap(async () => {
        const page = await slowPhone(product.browser);
        await page.goto(`${product.app.url}/hehe`);
        const password = page.getByPlaceholder('Enter secret password');
        await untilHydrated(page, POLL);
        await page.waitForTimeout(500);
        await password.fill(E2E_PASSWORD);
        await password.press('Enter');
        await page.getByRole('heading', { name: 'Welcome to Secret Insights' }).waitFor(POLL);
        await page.waitForTimeout(500);
        const search = page.getByRole('searchbox', { name: 'Search by name' });
        const time = await timedTap(page, search, { selector: 'input[type="search"]:focus' });
        await page.context().close();
        return time;
      }, 'the search field took the caret');
    },
  );
});
