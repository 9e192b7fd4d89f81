/**
 * What the results screen says matches what the site holds: one finished
 * quiz is one row, answers changed after finishing replace it and say so,
 * a removal leaves every figure on screen, test mode says it saves nothing,
 * and focus follows the removal's steps.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { QUESTIONS } from '../../src/core/questions.ts';
import { positionOf, resultPosition } from '../../src/core/scoring.ts';
import { textScale, UNDER_THE_DOT } from '../../src/charts/mark-labels.ts';
import { readFigureFiles } from '../../src/figures/files.ts';
import { seededRandom } from '../support/random-answers.ts';
import { useProduct } from '../support/chromium/product.ts';
import {
  POLL,
  pendingCount,
  questionHeading,
  responseCount,
  storedRespondents,
  visitorOn,
} from '../support/chromium/quiz-driver.ts';
import { PATH_A, answerText, totalsFor } from '../support/visitor.ts';

const LAST = QUESTIONS.length - 1;

/** PATH_A with a different answer to the last question. */
const CHANGED = [...PATH_A.slice(0, LAST), (PATH_A[LAST]! + 1) % QUESTIONS[LAST]!.answers.length];

function caption(page: Page) {
  return page.getByRole('region', { name: 'How Do You Compare?' }).locator('figcaption');
}

/** The number of responses the comparison's caption says the average is of. */
async function averagedCount(page: Page): Promise<number> {
  const text = await caption(page).innerText();
  const match = /the average of ([\d,]+) responses?/.exec(text);
  if (!match) throw new Error(`No count in "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

describe('the results screen and the saved row', () => {
  const product = useProduct();
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  async function newPage(): Promise<Page> {
    const context = await product.browser.newContext();
    contexts.push(context);
    return context.newPage();
  }

  async function finish(page: Page, name: string, path: readonly number[] = PATH_A): Promise<void> {
    const visitor = visitorOn(page);
    await visitor.openQuiz(product.app.url);
    await visitor.startWithName(name);
    await visitor.answer(path);
    await visitor.onResults();
    await expect.poll(() => pendingCount(page), POLL).toBe(0);
  }

  it('Back after finishing and another answer replaces the saved row: one row, and the screen says it was updated', async () => {
    const page = await newPage();
    const before = await responseCount(product.app);
    await finish(page, 'Once');
    expect(await responseCount(product.app)).toBe(before + 1);

    await page.goBack();
    await questionHeading(page).filter({ hasText: QUESTIONS[LAST]!.text }).waitFor();
    await page.getByRole('button', { name: answerText(LAST, CHANGED[LAST]!), exact: true }).click();
    await visitorOn(page).onResults();
    await page.getByRole('status').filter({ hasText: 'Your result was updated' }).waitFor();

    await expect
      .poll(async () => (await storedRespondents(product.app)).filter((r) => r.name === 'Once'), POLL)
      .toEqual([{ name: 'Once', raw: totalsFor(CHANGED) }]);
    expect(await responseCount(product.app)).toBe(before + 1);
    // The replaced result left this browser's trail too: only the new one is kept.
    const trail = await page.evaluate(() => JSON.parse(localStorage.getItem('myc.map-trail.v1') ?? '[]') as unknown[]);
    expect(trail).toHaveLength(1);
  });

  it('after "Remove my answers" the comparison counts one response fewer', async () => {
    // Someone else first, so that an average remains after the removal.
    await finish(await newPage(), 'Someone');
    const page = await newPage();
    await finish(page, 'Leaving');
    await expect.poll(() => averagedCount(page), POLL).toBe(await responseCount(product.app));
    const counted = await averagedCount(page);

    await page.getByRole('button', { name: 'Remove my answers from the site' }).click();
    await page.getByRole('button', { name: 'Yes, remove from the site' }).click();
    await page.getByRole('status').filter({ hasText: 'Your answers: removed from the site' }).waitFor();
    await expect.poll(() => averagedCount(page), POLL).toBe(counted - 1);
    expect(await responseCount(product.app)).toBe(counted - 1);
    expect(await caption(page).innerText()).not.toContain('yours included');
  });

  it('moves focus into the confirmation, back on Cancel, and onto the announced outcome', async () => {
    const page = await newPage();
    await finish(page, 'Focus');
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el ? `${el.tagName.toLowerCase()}:${el.textContent ?? ''}` : 'none';
      });

    await page.getByRole('button', { name: 'Remove my answers from the site' }).click();
    expect(await focused()).toBe('button:Yes, remove from the site');
    // The warning is what the confirmation says when focus enters it.
    const group = page.getByRole('group', { name: 'Confirm the removal' });
    expect(await group.getAttribute('aria-describedby')).toBeTruthy();
    const described = await group.evaluate(
      (g) => document.getElementById(g.getAttribute('aria-describedby')!)?.textContent,
    );
    expect(described).toContain('This cannot be undone.');

    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await focused()).toBe('button:Remove my answers from the site');

    await page.getByRole('button', { name: 'Remove my answers from the site' }).click();
    await page.getByRole('button', { name: 'Yes, remove from the site' }).click();
    await expect.poll(focused, POLL).toMatch(/^span:Your answers: removed from the site/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
  });

  it('test mode says on the results that nothing is saved', async () => {
    const page = await newPage();
    await visitorOn(page).toResults(product.app.url);
    await page.getByRole('status').filter({ hasText: 'Test mode: this result is not saved' }).waitFor();
  });

  it('shows the average as text beside the bars', async () => {
    const page = await newPage();
    await finish(page, 'Numbers');
    const list = page.getByRole('list', { name: 'The average, as numbers' });
    await list.waitFor();
    const rows = await list.locator('li').allInnerTexts();
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toMatch(/^(Love|Duty|Honor|Reason): you \d+\.\d%, average \d+\.\d%$/);
  });
});

/** Answers that put the visitor's dot on a literary figure's mark, and that figure's name. */
function pathOnAFigure(): { path: number[]; figure: string } {
  const figures = readFigureFiles().map((f) => ({ name: f.data.name, at: positionOf(f.data.shares) }));
  const random = seededRandom(5);
  for (let tries = 0; tries < 500_000; tries++) {
    const path = QUESTIONS.map((q) => Math.floor(random() * q.answers.length));
    const dot = resultPosition(totalsFor(path));
    const under = figures.find((f) => Math.hypot(dot.x - f.at.x, dot.y - f.at.y) < 0.01);
    if (under) return { path, figure: under.name };
  }
  throw new Error('no answers place the dot on a figure');
}

describe('the figures on the results chart, on a desktop', () => {
  const product = useProduct();

  it('keeps names inside the plot, off the names of the four values, sized for the chart, and names a mark under the dot', async () => {
    const { path, figure } = pathOnAFigure();
    const context = await product.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const visitor = visitorOn(page);
      await visitor.openQuiz(product.app.url);
      await visitor.startWithName('123');
      await visitor.answer(path);
      await visitor.onResults();
      const chart = page.locator('canvas[data-chart="result"]');
      await expect.poll(() => page.getByRole('button', { name: 'Save image' }).isEnabled(), POLL).toBe(true);
      await page.getByRole('checkbox', { name: 'Show figures from literature' }).check();
      await expect
        .poll(() => chart.evaluate((c) => JSON.parse(c.dataset.labels ?? '[]').length), POLL)
        .toBeGreaterThan(5);
      const { boxes, area, width } = await chart.evaluate((c) => ({
        boxes: JSON.parse(c.dataset.labels ?? '[]') as {
          text: string;
          left: number;
          top: number;
          right: number;
          bottom: number;
        }[],
        area: JSON.parse(c.dataset.area ?? '{}') as { left: number; top: number; right: number; bottom: number },
        width: c.getBoundingClientRect().width,
      }));
      const outside = boxes.filter(
        (b) => b.left < area.left || b.right > area.right || b.top < area.top || b.bottom > area.bottom,
      );
      expect(outside.map((b) => b.text)).toEqual([]);
      // A figure's name is 10 px on a phone's chart; this one is wider, and its names larger.
      expect(textScale(width)).toBeGreaterThan(1);
      const heights = boxes.map((b) => b.bottom - b.top);
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(10 * textScale(width) + 2.9);
      expect(boxes.map((b) => b.text)).toContain(`${figure}${UNDER_THE_DOT}`);
    } finally {
      await context.close();
    }
  });
});

describe('the first respondent', () => {
  const product = useProduct();

  it('is told they are the first, not that 100% answered the same or "the average of 1 response"', async () => {
    const context = await product.browser.newContext();
    try {
      const page = await context.newPage();
      expect(await responseCount(product.app)).toBe(0);
      const visitor = visitorOn(page);
      await visitor.openQuiz(product.app.url);
      await visitor.startWithName('First');
      await visitor.answer(PATH_A);
      await visitor.onResults();
      await caption(page).waitFor(POLL);
      expect(await caption(page).innerText()).toContain('the average of you alone, the first to answer');
      const shares = page.getByRole('region', { name: 'How others answered' });
      await shares.waitFor();
      expect(await shares.innerText()).not.toContain('100.0%');
      expect(await shares.locator('[data-others]').allInnerTexts()).toEqual(
        QUESTIONS.map(() => 'No one else has answered yet: you are the first.'),
      );
    } finally {
      await context.close();
    }
  });
});
