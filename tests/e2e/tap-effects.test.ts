/**
 * What a tap asks for is on screen within 100 ms, on the interaction bench's
 * phone (scripts/interaction/phone.ts), its network aside. Timed in the page (scripts/interaction/effect.ts): from
 * the tap's pointerdown to the first frame that shows its effect. Each
 * figure is the median of three. A machine busy with other work slows
 * every tap, so each test also times a quick tap of the same page in the
 * same run (the menu opening, the next question) and allows 100 ms scaled by how much slower than on a
 * quiet machine that reference was, never more than 2.5 times: a page that
 * held its effect back 300 ms fails however busy the machine. A set of
 * taps whose reference was slowed more than that came at a moment too
 * busy to judge by, and is measured again, a few times at most.
 */
import type { Browser, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { TEST_MODE_NAME } from '../../src/core/progress.ts';
import { armEffect, effectTime, type Effect } from '../../scripts/interaction/effect.ts';
import { tap } from '../../scripts/interaction/flows.ts';
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

/** On a quiet machine at 4x, the menu opens and the next question shows 27-32 ms after the tap (bench:interaction). */
const QUICK_TAP_MS = 32;
/** Sets of RUNS measured at most while the machine is too busy to judge by (see above). */
const MOST_SETS = 3;
const TIMEOUT = 240_000 * MOST_SETS;

const product = useProduct();
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

/** One run: the tap judged and the reference tap of the same page, each in milliseconds until its effect showed. */
type Run = () => Promise<{ time: number; reference: number }>;

/**
 * Measures sets of RUNS runs until the reference of one was slowed at most
 * MOST_STRETCH times (MOST_SETS sets at most), and holds that set's median to
 * what is allowed; `says` words both figures for a failure.
 */
async function expectQuickTap(run: Run, says: (times: string, references: string) => string): Promise<void> {
  let times: number[] = [];
  let references: number[] = [];
  for (let set = 0; set < MOST_SETS; set++) {
    times = [];
    references = [];
    for (let i = 0; i < RUNS; i++) {
      const { time, reference } = await run();
      times.push(time);
      references.push(reference);
    }
    if (median(references) <= QUICK_TAP_MS * MOST_STRETCH) break;
  }
  const limit = allowed(median(references), QUICK_TAP_MS);
  expect(median(times), says(ms(times), ms(references))).toBeLessThanOrEqual(limit);
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

describe('a tap shows what it asked for within 100 ms at 4x CPU', () => {
  it('the About overlay, opened for the first time from the menu, shows its text', { timeout: TIMEOUT }, async () => {
    await expectQuickTap(
      async () => {
        const page = await slowPhone(product.browser);
        await visitorOn(page).openQuiz(`${product.app.url}/`);
        await page.waitForTimeout(500);
        const reference = await timedTap(page, page.getByRole('button', { name: 'Menu' }), {
          selector: '#site-menu button',
          text: 'about.',
        });
        const about = page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('button', { name: 'about.', exact: true });
        // A visitor reads the menu before choosing.
        await page.waitForTimeout(500);
        const time = await timedTap(page, about, { selector: '#overlay-about', text: 'a mirror or a story prompt' });
        await page.context().close();
        return { time, reference };
      },
      (times, references) => `About shown after ${times}, the menu after ${references}`,
    );
  });

  it('the 12th answer shows "Your Results" with the four percentages', { timeout: TIMEOUT }, async () => {
    const last = QUESTIONS.length - 1;
    await expectQuickTap(
      async () => {
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
        const next = { selector: '#quiz-question', text: QUESTIONS[last]!.text };
        const reference = await timedTap(
          page,
          page.getByRole('button', { name: answerText(last - 1, 0), exact: true }),
          next,
        );
        await visitorOn(page).onQuestion(last);
        await page.waitForTimeout(500);
        const answer = page.getByRole('button', { name: answerText(last, 0), exact: true });
        const time = await timedTap(page, answer, [
          { selector: '#quiz-results-title', text: 'Your Results' },
          { selector: 'li[data-value]', text: '%', count: 4 },
        ]);
        await page.context().close();
        return { time, reference };
      },
      (times, references) => `results shown after ${times}, the 12th question after ${references}`,
    );
  });

  it(
    'on /hehe with 5,000 respondents, the search field tapped 500 ms after unlocking takes the caret',
    { timeout: TIMEOUT },
    async () => {
      // The plots of 5,000 dots draw in the first seconds after unlocking: the tap comes while they do.
      await product.app.stop();
      seed(product.app.dataDir, 5000);
      await product.app.start();
      await expectQuickTap(
        async () => {
          const page = await slowPhone(product.browser);
          await page.goto(`${product.app.url}/hehe`);
          const password = page.getByPlaceholder('Enter secret password');
          await untilHydrated(page, POLL);
          await page.waitForTimeout(500);
          // The same tap on a page at rest: the password field.
          const reference = await timedTap(page, password, { selector: 'input[type="password"]:focus' });
          await password.fill(E2E_PASSWORD);
          await password.press('Enter');
          await page.getByRole('heading', { name: 'Welcome to Secret Insights' }).waitFor(POLL);
          await page.waitForTimeout(500);
          const search = page.getByRole('searchbox', { name: 'Search by name' });
          const time = await timedTap(page, search, { selector: 'input[type="search"]:focus' });
          await page.context().close();
          return { time, reference };
        },
        (times, references) => `the search field took the caret after ${times}, the password field after ${references}`,
      );
    },
  );
});
