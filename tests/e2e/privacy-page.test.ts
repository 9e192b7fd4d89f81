/**
 * /privacy is reached from the name screen, beside the note on names, and
 * from the site's footer, and loads no script at all.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useProduct } from '../support/chromium/product.ts';
import { visitorOn } from '../support/chromium/quiz-driver.ts';
import { scriptRequests } from '../support/chromium/browser.ts';

describe('/privacy', () => {
  const product = useProduct();
  let context: BrowserContext;
  let page: Page;
  let scripts: string[];

  beforeEach(async () => {
    context = await product.browser.newContext();
    page = await context.newPage();
    scripts = scriptRequests(page);
  });
  afterEach(async () => {
    await context?.close();
  });

  /** Arrived on /privacy, which has no script element and, loaded afresh, requests none. */
  async function expectPrivacyPage(from: string): Promise<void> {
    await page.waitForURL((url) => url.pathname === '/privacy');
    await page.getByRole('heading', { level: 1, name: 'Your answers are yours' }).waitFor();
    expect(await page.locator('script').count(), from).toBe(0);
    await page.waitForLoadState('networkidle');
    scripts.length = 0;
    await page.reload({ waitUntil: 'networkidle' });
    expect(scripts, from).toEqual([]);
  }

  it("is linked beside the name screen's note, saying who sees the name and where", async () => {
    await visitorOn(page).openQuiz(product.app.url);
    await visitorOn(page).start();
    const note = page.locator('#quiz-name-note');
    expect(await note.innerText()).toContain(
      'You may leave the name blank to stay anonymous. It is not connected to your specific answers.',
    );
    const link = note.getByRole('link', {
      name: 'A name you give is shown, to the holder of the hidden page\u2019s password, on the dot your answers place.',
    });
    expect(await link.getAttribute('href')).toBe('/privacy');
    await link.click();
    await expectPrivacyPage('/');
  });

  it('is linked from the footer of the pages that have one', async () => {
    for (const path of ['/insights', '/figures', '/values', '/no-such-page', '/privacy']) {
      await page.goto(`${product.app.url}${path}`);
      await page
        .locator('footer.site-footer')
        .getByRole('link', { name: 'What the site keeps, and how to take it back.' })
        .click();
      await expectPrivacyPage(path);
    }
  });
});
