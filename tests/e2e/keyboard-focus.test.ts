/**
 * What a keyboard visitor meets on "/": every control Tab or Shift+Tab
 * reaches stays clear of the sticky top bar (WCAG 2.4.11), Escape in the
 * folded menu gives the focus back to "Menu", and the page's title follows
 * the quiz; and on the charts, Escape hides a hover's tooltip (1.4.13).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { QUESTIONS } from '../../src/core/questions.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, visitorOn } from '../support/chromium/quiz-driver.ts';
import { FIRST_ANSWERS } from '../support/visitor.ts';
import { canvasOf, spreadRespondents, submitAll, waitForDrawing } from '../support/chromium/insights-page.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

/** Where the focused element lies against the top bar, and what it is, for a message. */
function focusAgainstBar(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('header')!.getBoundingClientRect();
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    const inBar = focused.closest('header') !== null;
    const overlap = Math.max(0, Math.min(box.bottom, bar.bottom) - Math.max(box.top, bar.top));
    return {
      what: `${focused.tagName.toLowerCase()} "${(focused.innerText || focused.getAttribute('aria-label') || '').slice(0, 40)}"`,
      inBar,
      overlap: box.height > 0 && box.width > 0 ? overlap : 0,
    };
  });
}

/** Tabs through the whole page in one direction; returns every control that was hidden under the bar, and how many were seen. */
async function tabThrough(page: Page, key: 'Tab' | 'Shift+Tab', steps: number) {
  const hidden: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press(key);
    // Scrolling into view happens with the focus move; one frame lets layout settle.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    const where = await focusAgainstBar(page);
    if (!where || where.inBar) continue;
    seen.add(where.what);
    if (where.overlap > 0) hidden.push(`${where.what} (${where.overlap.toFixed(0)} px under the bar)`);
  }
  return { hidden: [...new Set(hidden)], seen };
}

describe('the keyboard on "/"', () => {
  const product = useProduct();
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    context = await product.browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  it('keeps every control of the results clear of the sticky top bar, tabbing down and back up', async () => {
    const visitor = visitorOn(page);
    await visitor.openQuiz(product.app.url);
    await visitor.startWithName('Ada');
    await visitor.answer(FIRST_ANSWERS);
    await visitor.onResults();
    await page.getByRole('button', { name: 'Remove my answers from the site' }).waitFor(POLL);
    await page.getByRole('button', { name: 'Save image' }).waitFor(POLL);

    const down = await tabThrough(page, 'Tab', 60);
    expect(down.seen.size, 'controls reached by Tab').toBeGreaterThan(10);
    expect(down.hidden, 'focused under the bar, tabbing down').toEqual([]);
    const up = await tabThrough(page, 'Shift+Tab', 60);
    expect(up.hidden, 'focused under the bar, tabbing up').toEqual([]);
  });

  it('Escape on an entry of the folded menu closes it and gives the focus back to "Menu"', async () => {
    await page.setViewportSize(PHONE);
    await visitorOn(page).openQuiz(product.app.url);
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await toggle.click();
    await page.locator('#site-menu').waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('home.');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('about.');
    await page.keyboard.press('Escape');
    await page.locator('#site-menu').waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("names the step in the page's title: each question, then the results", async () => {
    const visitor = visitorOn(page);
    await visitor.openQuiz(product.app.url);
    expect(await page.title()).toBe('Map your Contradictions');
    await visitor.startWithName('Ada');
    await page.waitForFunction(() => document.title.startsWith('Question 1 of'), undefined, POLL);
    expect(await page.title()).toBe(`Question 1 of ${QUESTIONS.length} – Map your Contradictions`);
    await visitor.answer(FIRST_ANSWERS.slice(0, 2));
    await visitor.onQuestion(2);
    expect(await page.title()).toBe(`Question 3 of ${QUESTIONS.length} – Map your Contradictions`);
    await visitor.answer(FIRST_ANSWERS, 2);
    await visitor.onResults();
    expect(await page.title()).toBe('Your Results – Map your Contradictions');
    await visitor.back();
    await visitor.onQuestion(QUESTIONS.length - 1);
    expect(await page.title()).toBe(`Question ${QUESTIONS.length} of ${QUESTIONS.length} – Map your Contradictions`);
  });
});

describe('the charts and the keyboard', () => {
  const product = useProduct();

  it('Escape hides the tooltip a hover showed over a chart', async () => {
    await submitAll(product.app, spreadRespondents(['Ada', 'Bea', 'Cy']));
    const context = await product.browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${product.app.url}/insights`);
    await waitForDrawing(page, 'pie');
    const pie = canvasOf(page, 'pie');
    const drawn = () => pie.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    const before = await drawn();
    const box = (await pie.boundingBox())!;
    // Into a slice, a little off the pie's center.
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height * 0.4);
    await expect.poll(drawn, POLL).not.toBe(before);
    await page.keyboard.press('Escape');
    await expect.poll(drawn, POLL).toBe(before);
    await context.close();
  });
});
