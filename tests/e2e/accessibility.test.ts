import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { E2E_PASSWORD } from '../support/chromium/app.ts';
import { expectNoAxeViolations } from '../support/chromium/browser.ts';
import { spreadRespondents, submitAll, waitForDrawing } from '../support/chromium/insights-page.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, answerFirst, visitorOn } from '../support/chromium/quiz-driver.ts';
import { FIRST_ANSWERS } from '../support/visitor.ts';

/**
 * axe-core with WCAG 2.0, 2.1 and 2.2 A and AA and its best practices
 * (AXE_TAGS) on every screen and state of the site: no violation at all.
 */
describe('axe-core finds no violation', () => {
  const product = useProduct();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    await submitAll(product.app, spreadRespondents(['Marigold Vantablack', null, 'Ottoline Quaybridge']));
  });
  beforeEach(async () => {
    context = await product.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  // Each test walks one page through several states and checks each: fewer page loads, the same checks.
  it('on the intro, the name screen and a question with Back', async () => {
    await visitorOn(page).openQuiz(product.app.url);
    await expectNoAxeViolations(page, 'intro');
    await visitorOn(page).start();
    await expectNoAxeViolations(page, 'name screen');
    await page.getByPlaceholder("What's your name?").fill('123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await visitorOn(page).onQuestion(0);
    await answerFirst(page);
    await page.getByRole('button', { name: 'Back' }).waitFor();
    await expectNoAxeViolations(page, 'question 2');
  });

  it('in the About and the understand the values. overlays', async () => {
    await visitorOn(page).openQuiz(product.app.url);
    for (const [entry, title] of [
      ['about.', 'About'],
      ['understand.', 'understand the values.'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: entry, exact: true }).click();
      await page.getByRole('dialog', { name: title }).waitFor();
      await expectNoAxeViolations(page, `${title} overlay`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  });

  it('on the results, in its Understanding Your Chart overlay and in the removal confirmation', async () => {
    const visitor = visitorOn(page);
    await visitor.openQuiz(product.app.url);
    await visitor.startWithName('Ada');
    await visitor.answer(FIRST_ANSWERS);
    await visitor.onResults();
    const remove = page.getByRole('button', { name: 'Remove my answers from the site' });
    await remove.waitFor(POLL);
    await page.locator('canvas[data-complete]').first().waitFor(POLL);
    await expectNoAxeViolations(page, 'results');
    await page.getByRole('button', { name: 'What does this mean?' }).click();
    await page.getByRole('dialog', { name: 'Understanding Your Chart' }).waitFor();
    await expectNoAxeViolations(page, 'Understanding Your Chart overlay');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await remove.click();
    await expect.poll(() => remove.count(), POLL).toBe(0);
    await expectNoAxeViolations(page, 'the removal confirmation');
  });

  it('with the menu open on a 360 px phone', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await visitorOn(page).openQuiz(product.app.url);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.locator('#site-menu').waitFor({ state: 'visible' });
    await expectNoAxeViolations(page, 'open menu on a phone');
  });

  it('on /insights, /figures, /privacy, the essay pages and a page not found', async () => {
    for (const path of ['/values', '/values/love', '/values/duty', '/values/honor', '/values/reason']) {
      await page.goto(`${product.app.url}${path}`);
      await expectNoAxeViolations(page, path);
    }
    for (const path of ['/figures', '/privacy', '/no-such-page']) {
      await page.goto(`${product.app.url}${path}`);
      await expectNoAxeViolations(page, path);
    }
    await page.goto(`${product.app.url}/insights`);
    for (const chart of ['scatter', 'relative']) await waitForDrawing(page, chart);
    await expectNoAxeViolations(page, '/insights');
  });

  it('on /hehe, locked, refused, unlocked, searched and with a dot picked', async () => {
    await page.goto(`${product.app.url}/hehe`);
    await page.locator('button:has-text("Unlock"):enabled').waitFor();
    await expectNoAxeViolations(page, '/hehe locked');
    const field = page.getByPlaceholder('Enter secret password');
    await field.fill('not-the-password');
    await field.press('Enter');
    await page.getByRole('alert').waitFor();
    await expectNoAxeViolations(page, '/hehe refused');
    await field.fill(E2E_PASSWORD);
    await field.press('Enter');
    await page.getByRole('heading', { name: 'Welcome to Secret Insights' }).waitFor();
    for (const chart of ['scatter', 'relative']) await waitForDrawing(page, chart);
    await expectNoAxeViolations(page, '/hehe unlocked');
    const search = page.getByPlaceholder('Search by name...');
    await search.fill('o');
    await search.press('Enter');
    await page.locator('[data-match-name]').first().waitFor();
    await page.getByRole('application', { name: /^Scatterplot: All respondents\./ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.locator('[data-picked="scatter"] span').waitFor();
    await expectNoAxeViolations(page, '/hehe searched, a dot picked');
  });
});

describe('text at 200 %', () => {
  const product = useProduct();

  it("leaves the top bar's title whole, wrapped rather than cut", async () => {
    const context = await product.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await visitorOn(page).toResults(product.app.url);
    // Text zoom: every rem and em doubles, as a browser's text size setting does (CSSOM, which the policy allows).
    await page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%'));
    const title = page.locator('header a span');
    await expect(title.textContent()).resolves.toBe('Map your Contradictions');
    const box = await title.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      style: getComputedStyle(el).textOverflow,
    }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    expect(box.style).not.toBe('ellipsis');
    await context.close();
  });
});
