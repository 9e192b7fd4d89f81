import { afterEach, beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/chromium/browser.ts';
import { useProduct } from '../support/chromium/product.ts';
import { answerFirst, visitorOn } from '../support/chromium/quiz-driver.ts';

describe('axe-core finds no serious or critical violation', () => {
  const product = useProduct();
  let context: BrowserContext;
  let page: Page;

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
    await expectNoSeriousAxeViolations(page, 'intro');
    await visitorOn(page).start();
    await expectNoSeriousAxeViolations(page, 'name screen');
    await page.getByPlaceholder("What's your name?").fill('123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await visitorOn(page).onQuestion(0);
    await answerFirst(page);
    await page.getByRole('button', { name: 'Back' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'question 2');
  });

  it('in the About and the understand the values. overlays', async () => {
    await visitorOn(page).openQuiz(product.app.url);
    for (const [entry, title] of [
      ['about.', 'About'],
      ['understand.', 'understand the values.'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: entry, exact: true }).click();
      await page.getByRole('dialog', { name: title }).waitFor();
      await expectNoSeriousAxeViolations(page, `${title} overlay`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  });

  it('on the results screen and in its Understanding Your Chart overlay', async () => {
    await visitorOn(page).toResults(product.app.url);
    await expectNoSeriousAxeViolations(page, 'results');
    await page.getByRole('button', { name: 'What does this mean?' }).click();
    await page.getByRole('dialog', { name: 'Understanding Your Chart' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'Understanding Your Chart overlay');
  });

  it('with the menu open on a 360 px phone', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await visitorOn(page).openQuiz(product.app.url);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.locator('#site-menu').waitFor({ state: 'visible' });
    await expectNoSeriousAxeViolations(page, 'open menu on a phone');
  });

  it('on the essay pages', async () => {
    for (const path of ['/values', '/values/love', '/values/duty', '/values/honor', '/values/reason']) {
      await page.goto(`${product.app.url}${path}`);
      await expectNoSeriousAxeViolations(page, path);
    }
  });
});
