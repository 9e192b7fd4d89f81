import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { phonePage } from '../support/chromium/phone.ts';
import { useProduct } from '../support/chromium/product.ts';
import { collectConsoleErrors, visitorOn } from '../support/chromium/quiz-driver.ts';

describe('an unknown address on a phone', () => {
  const product = useProduct();
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => ({ context, page } = await phonePage(product.browser)));
  afterEach(async () => context?.close());

  it("gets the 404 page: status 404, the site's look, and a link home that leads to the quiz", async () => {
    const errors = collectConsoleErrors(page);
    const res = await page.goto(`${product.app.url}/values/nobody/at/all?x=1`);
    expect(res?.status()).toBe(404);
    expect(res?.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect(await page.title()).toBe('Page not found – Map your Contradictions');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');

    // The look of every page: the same stylesheet, so the same colours and type as an essay page.
    const look = () =>
      page.evaluate(() => {
        const body = getComputedStyle(document.body);
        const heading = getComputedStyle(document.querySelector('h1')!);
        return {
          background: body.backgroundColor,
          color: body.color,
          font: body.fontFamily,
          heading: heading.fontFamily,
        };
      });
    const notFoundLook = await look();
    expect(await page.locator('header.site-header').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('link', { name: 'Back to the quiz' }).click();
    await page.waitForURL(`${product.app.url}/`);
    await page.getByRole('button', { name: 'Start Quiz' }).waitFor();

    await page.goto(`${product.app.url}/values`);
    expect(await look()).toEqual(notFoundLook);
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it("keeps the API's JSON errors under /rest", async () => {
    const res = await page.goto(`${product.app.url}/rest/v1/rpc/no_such_function`);
    expect(res?.status()).toBe(404);
    expect(res?.headers()['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(await res!.text())).toMatchObject({ code: 'PGRST202', hint: null });
  });

  it('reaches a page from its trailing-slash address', async () => {
    for (const [path, heading] of [
      ['/values/', 'The four values'],
      ['/values/love/', 'Love'],
      ['/insights/', 'Insights'],
    ] as const) {
      const res = await page.goto(`${product.app.url}${path}`);
      expect(res?.status(), path).toBe(200);
      expect(page.url(), path).toBe(`${product.app.url}${path.slice(0, -1)}`);
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
    }
    await visitorOn(page).openQuiz(`${product.app.url}/`);
  });
});
