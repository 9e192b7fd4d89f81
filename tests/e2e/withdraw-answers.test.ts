/**
 * Taking a saved result back, in a real browser against the local server:
 * the browser that saved it removes it and every figure drops it; another
 * browser cannot; a removal made offline is sent once the network is back,
 * exactly once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, pendingCount, responseCount, storedRespondents, visitorOn } from '../support/chromium/quiz-driver.ts';
import { PATH_A, PATH_B } from '../support/visitor.ts';

const WITHDRAWALS_KEY = 'myc.pending-withdrawals.v1';
const TRAIL_KEY = 'myc.map-trail.v1';

/** Finishes a quiz under `name` and waits until the server has stored it. */
async function saveResult(page: Page, url: string, name: string, path: readonly number[]): Promise<void> {
  const visitor = visitorOn(page);
  await visitor.openQuiz(url);
  await visitor.startWithName(name);
  await visitor.answer(path);
  await visitor.onResults();
  await expect.poll(() => pendingCount(page), POLL).toBe(0);
}

function storedJson(page: Page, key: string): Promise<unknown[]> {
  return page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as unknown[], key);
}

/** Responses of withdraw_response the page received. */
function watchWithdrawals(page: Page): { answered: number } {
  const seen = { answered: 0 };
  page.on('response', (r) => {
    if (r.url().includes('/rpc/withdraw_response')) seen.answered += 1;
  });
  return seen;
}

async function withdrawFromResults(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Remove my answers from the site' }).click();
  await page.getByRole('button', { name: 'Yes, remove from the site' }).click();
}

describe('taking answers back', () => {
  const product = useProduct();
  let contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
  });
  async function newPage(): Promise<Page> {
    const context = await product.browser.newContext();
    contexts.push(context);
    return context.newPage();
  }

  it('removes a saved result after a confirmation: response_stats drops by one and the name is gone', async () => {
    const page = await newPage();
    const before = await responseCount(product.app);
    await saveResult(page, product.app.url, 'Takeback', PATH_A);
    expect(await responseCount(product.app)).toBe(before + 1);
    const [kept] = (await storedJson(page, TRAIL_KEY)) as { id: string; secret?: string }[];
    expect(kept?.secret).toMatch(/^[0-9a-f]{64}$/);

    await page.getByRole('button', { name: 'Remove my answers from the site' }).click();
    // Nothing goes before the confirmation; cancelling keeps everything.
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await responseCount(product.app)).toBe(before + 1);
    await withdrawFromResults(page);
    await page.getByRole('status').filter({ hasText: 'Your answers: removed from the site' }).waitFor();
    expect(await responseCount(product.app)).toBe(before);
    expect((await storedRespondents(product.app)).filter((r) => r.name === 'Takeback')).toEqual([]);
    expect(await storedJson(page, TRAIL_KEY)).toEqual([]);
    expect(await storedJson(page, WITHDRAWALS_KEY)).toEqual([]);
  });

  it('removes an earlier result listed in the trail, from the site and from the trail', async () => {
    const first = await newPage();
    const before = await responseCount(product.app);
    await saveResult(first, product.app.url, 'Trail one', PATH_A);
    // Another tab of the same browser: the trail is shared, the quiz is not.
    const second = await first.context().newPage();
    await saveResult(second, product.app.url, 'Trail two', PATH_B);
    expect(await responseCount(product.app)).toBe(before + 2);
    const [older, newer] = (await storedJson(second, TRAIL_KEY)) as { id: string }[];

    const trail = second.getByRole('region', { name: 'Your map over time' });
    await trail.getByRole('checkbox', { name: 'Show my earlier results on the chart' }).check();
    await trail.getByRole('button', { name: /^Remove from the site: / }).click();
    await trail.getByRole('button', { name: 'Yes, remove from the site' }).click();
    await second
      .getByRole('status')
      .filter({ hasText: /The result of today at [0-9:]+: removed from the site/ })
      .waitFor();
    expect(await responseCount(product.app)).toBe(before + 1);
    const names = (await storedRespondents(product.app)).map((r) => r.name);
    expect(names).not.toContain('Trail one');
    expect(names).toContain('Trail two');
    expect(((await storedJson(second, TRAIL_KEY)) as { id: string }[]).map((r) => r.id)).toEqual([newer!.id]);
    expect(older!.id).not.toBe(newer!.id);
    expect(await trail.count()).toBe(0);
  });

  it('lets no other browser remove it, even knowing its submission id', async () => {
    const first = await newPage();
    const before = await responseCount(product.app);
    await saveResult(first, product.app.url, 'NotYours', PATH_B);
    const [kept] = (await storedJson(first, TRAIL_KEY)) as { id: string }[];

    const second = await newPage();
    await second.goto(`${product.app.url}/privacy`);
    const answerToStranger = await second.evaluate(async (id) => {
      const res = await fetch('/rest/v1/rpc/withdraw_response', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ submission_id: id, secret: 'f'.repeat(64) }),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    }, kept!.id);
    expect(answerToStranger).toEqual({ status: 200, body: { withdrawn: false } });
    expect(await responseCount(product.app)).toBe(before + 1);
    expect((await storedRespondents(product.app)).filter((r) => r.name === 'NotYours')).toHaveLength(1);
    // The second browser's own quiz offers to remove its own result only.
    await saveResult(second, product.app.url, 'Second', PATH_A);
    await withdrawFromResults(second);
    await second.getByRole('status').filter({ hasText: 'Your answers: removed from the site' }).waitFor();
    expect((await storedRespondents(product.app)).filter((r) => r.name === 'NotYours')).toHaveLength(1);
    expect(await responseCount(product.app)).toBe(before + 1);
  });

  it('keeps a removal made offline and sends it once when back online', async () => {
    const page = await newPage();
    const before = await responseCount(product.app);
    await saveResult(page, product.app.url, 'Offline removal', PATH_B);
    await page.waitForLoadState('networkidle');
    const withdrawals = watchWithdrawals(page);

    await page.context().setOffline(true);
    await withdrawFromResults(page);
    await page.getByRole('status').filter({ hasText: 'the site cannot be reached now' }).waitFor();
    expect(await storedJson(page, WITHDRAWALS_KEY)).toHaveLength(1);
    expect(await responseCount(product.app)).toBe(before + 1);

    await page.context().setOffline(false);
    await expect.poll(() => responseCount(product.app), POLL).toBe(before);
    await expect.poll(() => storedJson(page, WITHDRAWALS_KEY), POLL).toEqual([]);
    await page.getByRole('status').filter({ hasText: 'Your answers: removed from the site' }).waitFor();
    // Another reconnection and a reload find nothing left to send.
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await page.reload();
    await visitorOn(page).onResults();
    await page.waitForLoadState('networkidle');
    expect(withdrawals.answered).toBe(1);
    expect((await storedRespondents(product.app)).filter((r) => r.name === 'Offline removal')).toEqual([]);
  });
});
