import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { QUESTIONS } from '../../src/core/questions.ts';
import { useProduct } from '../support/chromium/product.ts';
import {
  POLL,
  collectConsoleErrors,
  questionHeading,
  responseCount,
  storedRespondents,
  visitorOn,
} from '../support/chromium/quiz-driver.ts';
import { PATH_A, PATH_B, answerText, expectedPercentages, totalsFor } from '../support/visitor.ts';

describe('the quiz on "/"', () => {
  const product = useProduct();
  const pages: Page[] = [];

  async function open(): Promise<Page> {
    const page = await product.browser.newPage({ viewport: { width: 1200, height: 900 } });
    pages.push(page);
    await visitorOn(page).openQuiz(product.app.url);
    return page;
  }

  it("with a name: shows the core's percentages and stores one row with that name and those totals", async () => {
    const before = await responseCount(product.app);
    const page = await open();
    const errors = collectConsoleErrors(page);
    // The lazy screens load as plain imports: no stylesheet of their own, nothing preloaded beside them.
    const stylesheets: string[] = [];
    page.on('request', (r) => r.resourceType() === 'stylesheet' && stylesheets.push(r.url()));
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.querySelector('link[rel="modulepreload"], link[rel="preload"]'))
          document.body.dataset.preloaded = '';
      }).observe(document.head, { childList: true });
    });
    await expect(page.getByRole('heading', { name: 'Where do you stand?', level: 1 }).isVisible()).resolves.toBe(true);
    await visitorOn(page).startWithName('Ada');
    await visitorOn(page).answer(PATH_A);
    await visitorOn(page).onResults();

    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_A));
    await expect.poll(() => responseCount(product.app), POLL).toBe(before + 1);
    expect((await storedRespondents(product.app)).filter((r) => r.name === 'Ada')).toEqual([
      { name: 'Ada', raw: totalsFor(PATH_A) },
    ]);
    expect(errors.filter((e) => e.startsWith('Error saving final scores'))).toEqual([]);

    // "What does this mean?" opens "Understanding Your Chart"; focus comes back when it closes.
    await page.getByRole('button', { name: 'What does this mean?' }).click();
    await page.getByRole('heading', { name: 'Understanding Your Chart' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Understanding Your Chart' }).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('What does this mean?');
    expect(stylesheets).toEqual([]);
    expect(await page.evaluate(() => 'preloaded' in document.body.dataset)).toBe(false);
  });

  it('draws the next screen ahead, hidden but laid out: Start Quiz and Continue show the very elements drawn before the tap', async () => {
    const page = await open();
    // Hidden ahead: unseen, out of the tab order, yet laid out (it has boxes, of its width).
    const hiddenAhead = (selector: string) =>
      page.evaluate((selector) => {
        const el = document.querySelector<HTMLElement & { drawnAhead?: boolean }>(`main ${selector}`);
        if (!el || el.checkVisibility({ visibilityProperty: true }) || el.closest('[inert]') === null) return false;
        if (el.getBoundingClientRect().width === 0) return false;
        el.drawnAhead = true;
        return true;
      }, selector);
    const shownAsDrawn = (selector: string) =>
      page.evaluate((selector) => {
        const el = document.querySelector<HTMLElement & { drawnAhead?: boolean }>(`main ${selector}`);
        return (
          el?.drawnAhead === true && el.checkVisibility({ visibilityProperty: true }) && el.closest('[inert]') === null
        );
      }, selector);

    await expect.poll(() => hiddenAhead('#quiz-name'), POLL).toBe(true);
    expect(await page.locator('#quiz-question').count()).toBe(0);
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    expect(await shownAsDrawn('#quiz-name')).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), POLL).toBe('quiz-name');

    await expect.poll(() => hiddenAhead('#quiz-question'), POLL).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await shownAsDrawn('#quiz-question')).toBe(true);
    expect(await questionHeading(page).textContent()).toBe(QUESTIONS[0]!.text);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), POLL).toBe('quiz-question');
  });

  it('anonymously: a blank name is stored as null', async () => {
    const before = await responseCount(product.app);
    const page = await open();
    await visitorOn(page).startWithName('');
    await visitorOn(page).answer(PATH_B);
    await visitorOn(page).onResults();

    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_B));
    await expect.poll(() => responseCount(product.app), POLL).toBe(before + 1);
    const rows = await storedRespondents(product.app);
    expect(rows).toContainEqual({ name: null, raw: totalsFor(PATH_B) });
    expect(rows.filter((r) => r.name === 'Ada')).toHaveLength(1);
  });

  it('the comparison chart replaces its loading text and is 400 by 250', async () => {
    const page = await open();
    await visitorOn(page).startWithName('');
    await visitorOn(page).answer(PATH_A);
    await visitorOn(page).onResults();
    const section = page.getByRole('region', { name: 'How Do You Compare?' });
    await expect.poll(() => section.getByText('Loading comparison chart...').count(), POLL).toBe(0);
    const canvas = section.getByRole('img');
    // Chart.js sizes and paints the canvas a moment after the loading text goes: wait for it, then hold it to the figures.
    const size = () => canvas.evaluate((c) => ({ width: c.clientWidth, height: c.clientHeight }));
    // The spec's size, written here rather than read from the product's constant, which could drift with it.
    await expect.poll(size, POLL).toEqual({ width: 400, height: 250 });
    // The bars are painted: the canvas holds more than its background colour.
    const colours = () =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        const seen = new Set<number>();
        for (let i = 0; i < data.length; i += 4) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
        return seen.size;
      });
    await expect.poll(colours, POLL).toBeGreaterThan(8);
    const count = await responseCount(product.app);
    const responses = `${count} ${count === 1 ? 'response' : 'responses'}`;
    expect(await canvas.getAttribute('aria-label')).toMatch(
      new RegExp(`^Your values against the average of ${responses}\\.`),
    );
  });

  it('Back on question 2 subtracts the answer given, so the results are those of the answers kept', async () => {
    const page = await open();
    await visitorOn(page).startWithName('123');
    const other = [...PATH_A];
    other[0] = PATH_B[0]!;
    // Question 1 answered one way, Back from question 2, then answered another way.
    await page.getByRole('button', { name: answerText(0, other[0]!), exact: true }).click();
    await expect.poll(() => questionHeading(page).innerText(), POLL).toBe(QUESTIONS[1]!.text);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => questionHeading(page).innerText(), POLL).toBe(QUESTIONS[0]!.text);
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await page.getByText('Question 1 of 12').waitFor();
    // And Back from question 3 drops question 2's answer.
    await visitorOn(page).answer([PATH_A[0]!, other[1]!], 0);
    await page.getByRole('button', { name: 'Back' }).click();
    await visitorOn(page).answer(PATH_A, 1);
    await visitorOn(page).onResults();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_A));
  });

  it('test mode ("123") shows results and stores nothing', async () => {
    const before = await responseCount(product.app);
    const page = await open();
    const submits: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rpc/submit_response')) submits.push(r.url());
    });
    await visitorOn(page).startWithName('123');
    await visitorOn(page).answer(PATH_B);
    await visitorOn(page).onResults();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_B));
    // Once the comparison has arrived every call of the results screen is done.
    await page.getByRole('region', { name: 'How Do You Compare?' }).getByRole('img').waitFor();
    expect(submits).toEqual([]);
    expect(await responseCount(product.app)).toBe(before);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('pending')))).toEqual([]);
  });

  it('fades 300 ms between questions, and not at all under prefers-reduced-motion', async () => {
    const fadeOf = async (page: Page) =>
      page.locator('#quiz-question').evaluate((h) => {
        const style = getComputedStyle(h.parentElement!);
        return { name: style.animationName, duration: style.animationDuration };
      });
    // The first question, drawn ahead on the name screen, does not fade while it waits unseen,
    // and does once Continue shows it.
    const first = await open();
    await first.getByRole('button', { name: 'Start Quiz' }).click();
    await first.locator('#quiz-question').waitFor({ state: 'attached' });
    expect((await fadeOf(first)).name).toBe('none');
    await first.getByRole('button', { name: 'Continue' }).click();
    await visitorOn(first).onQuestion(0);
    expect((await fadeOf(first)).name).toMatch(/fade-in/);

    const page = await open();
    await visitorOn(page).startWithName('123');
    await visitorOn(page).answer([0], 0);
    await visitorOn(page).onQuestion(1);
    // The quiz's CSS module scopes the keyframes' name: fade-in plus a hash.
    // The spec's 300 ms, written here rather than read from the product's constant.
    expect(await fadeOf(page)).toEqual({ name: expect.stringMatching(/fade-in/), duration: '0.3s' });

    const calm = await product.browser.newContext({ reducedMotion: 'reduce' });
    const still = await calm.newPage();
    await visitorOn(still).openQuiz(product.app.url);
    await visitorOn(still).startWithName('123');
    await visitorOn(still).answer([0], 0);
    await visitorOn(still).onQuestion(1);
    expect((await fadeOf(still)).name).toBe('none');
    await calm.close();
  });

  it('can be finished by keyboard alone', async () => {
    const before = await responseCount(product.app);
    const page = await open();

    /** Tabs until the focused element's text, value or placeholder is `label`, then presses `key`. */
    async function tabTo(label: string, key = 'Enter'): Promise<void> {
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLInputElement | null;
          return el ? (el.placeholder || el.innerText || '').trim() : '';
        });
        if (focused === label) {
          await page.keyboard.press(key);
          return;
        }
      }
      throw new Error(`No focusable "${label}" reached by Tab`);
    }

    await tabTo('Start Quiz');
    await page.getByPlaceholder("What's your name?").waitFor();
    // The name field has focus on arrival: type and submit with Enter.
    await page.keyboard.type('Keys');
    await page.keyboard.press('Enter');
    for (let q = 0; q < QUESTIONS.length; q++) {
      await expect.poll(() => questionHeading(page).innerText(), POLL).toBe(QUESTIONS[q]!.text);
      // Focus follows to each new question's heading (once it is painted), so Tab goes on from there.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id), POLL).toBe('quiz-question');
      await tabTo(answerText(q, PATH_B[q]!), q % 2 === 0 ? 'Enter' : 'Space');
    }
    await visitorOn(page).onResults();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_B));
    await expect.poll(() => responseCount(product.app), POLL).toBe(before + 1);
    expect(await storedRespondents(product.app)).toContainEqual({ name: 'Keys', raw: totalsFor(PATH_B) });
  });
});
