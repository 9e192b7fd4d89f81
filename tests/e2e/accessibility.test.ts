import { afterEach, beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/chromium/browser.ts';
import { useProduct } from '../support/chromium/product.ts';
import { answerFirst, openQuiz, startWithName, toNameScreen, toResults } from '../support/chromium/quiz-driver.ts';

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

  it('on the intro screen', async () => {
    await openQuiz(page, product.app.url);
    await expectNoSeriousAxeViolations(page, 'intro');
  });

  it('on the name screen', async () => {
    await openQuiz(page, product.app.url);
    await toNameScreen(page);
    await expectNoSeriousAxeViolations(page, 'name screen');
  });

  it('on a question with Back', async () => {
    await openQuiz(page, product.app.url);
    await startWithName(page, '123');
    await answerFirst(page);
    await page.getByRole('button', { name: 'Back' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'question 2');
  });

  it('on the results screen', async () => {
    await toResults(page, product.app.url);
    await expectNoSeriousAxeViolations(page, 'results');
  });

  for (const [entry, title] of [
    ['about.', 'About'],
    ['understand.', 'understand the values.'],
  ] as const) {
    it(`in the ${title} overlay`, async () => {
      await openQuiz(page, product.app.url);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: entry, exact: true }).click();
      await page.getByRole('dialog', { name: title }).waitFor();
      await expectNoSeriousAxeViolations(page, `${title} overlay`);
    });
  }

  it('in the Understanding Your Chart overlay', async () => {
    await toResults(page, product.app.url);
    await page.getByRole('button', { name: 'What does this mean?' }).click();
    await page.getByRole('dialog', { name: 'Understanding Your Chart' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'Understanding Your Chart overlay');
  });

  it('with the menu open on a 360 px phone', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openQuiz(page, product.app.url);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.locator('#site-menu').waitFor({ state: 'visible' });
    await expectNoSeriousAxeViolations(page, 'open menu on a phone');
  });

  for (const path of ['/values', '/values/love', '/values/duty', '/values/honor', '/values/reason']) {
    it(`on the essay page ${path}`, async () => {
      await page.goto(`${product.app.url}${path}`);
      await expectNoSeriousAxeViolations(page, path);
    });
  }
});
