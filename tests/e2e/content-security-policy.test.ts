import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForDrawing } from '../support/chromium/insights-page.ts';
import { E2E_PASSWORD } from '../support/chromium/app.ts';
import { phonePage } from '../support/chromium/phone.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, collectConsoleErrors, visitorOn } from '../support/chromium/quiz-driver.ts';
import { PATH_A } from '../support/visitor.ts';

declare global {
  interface Window {
    policyViolations?: string[];
  }
}

/** The policy a document was served with, as the browser received it. */
async function expectPolicyHeader(page: Page, path: string): Promise<void> {
  const res = await page.goto(path);
  expect(res, path).not.toBeNull();
  const policy = (await res!.allHeaders())['content-security-policy'] ?? '';
  expect(policy, path).toContain("frame-ancestors 'none'");
  expect(policy, path).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
  expect(policy, path).not.toContain('unsafe-inline');
  expect(policy, path).not.toContain('unsafe-eval');
}

describe('the whole site runs under its Content-Security-Policy', () => {
  const product = useProduct();
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ context, page } = await phonePage(product.browser));
    // Before any script of the page: every violation of every document is kept.
    await context.addInitScript(() => {
      window.policyViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.policyViolations!.push(
          `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
        );
      });
    });
    errors = collectConsoleErrors(page);
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  });
  afterAll(async () => context?.close());

  const violations = () => page.evaluate(() => window.policyViolations ?? []);

  it('loads every page, opens About and completes the quiz without a single violation or console error', async () => {
    const url = product.app.url;
    await expectPolicyHeader(page, `${url}/`);
    await visitorOn(page).openQuiz(`${url}/`);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name: 'about.', exact: true }).click();
    await page.getByRole('dialog', { name: 'About' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'About' }).waitFor({ state: 'hidden' });
    await visitorOn(page).startWithName('Policy Reader');
    await visitorOn(page).answer(PATH_A);
    await visitorOn(page).onResults();
    // The results chart is drawn and the response is saved before the page is left.
    await page.locator('canvas').first().waitFor();
    await expect
      .poll(async () => (await product.app.rpc<{ count: number }>('response_stats')).body.count, POLL)
      .toBe(1);
    expect(await violations(), '/').toEqual([]);

    for (const path of ['/values', '/values/love', '/insights', '/no/such/page']) {
      await expectPolicyHeader(page, `${url}${path}`);
      if (path === '/insights') await waitForDrawing(page, 'scatter');
      await page.waitForLoadState('networkidle');
      expect(await violations(), path).toEqual([]);
    }

    await expectPolicyHeader(page, `${url}/hehe`);
    await page.locator('button:has-text("Unlock"):enabled').waitFor();
    await page.getByPlaceholder('Enter secret password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('heading', { name: 'Welcome to Secret Insights' }).waitFor();
    await waitForDrawing(page, 'scatter');
    expect(await violations(), '/hehe').toEqual([]);

    // The 404 document's own status is the only thing the console may mention.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });

  it("refuses to be shown inside another site's frame", async () => {
    const framing = await context.newPage();
    const refused: string[] = [];
    framing.on('console', (m) => refused.push(m.text()));
    await framing.setContent(`<iframe src="${product.app.url}/values/love"></iframe>`);
    await expect
      .poll(
        () =>
          framing
            .frames()
            .find((f) => f !== framing.mainFrame())
            ?.url() ?? '',
        POLL,
      )
      .toMatch(/^chrome-error:/);
    expect(refused.join('\n')).toContain('frame-ancestors');
    await framing.close();
  });
});
