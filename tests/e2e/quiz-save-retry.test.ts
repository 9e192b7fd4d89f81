import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useProduct } from '../support/chromium/product.ts';
import {
  POLL,
  collectConsoleErrors,
  pendingCount,
  responseCount,
  storedRespondents,
  untilChunkLoaded,
  visitorOn,
} from '../support/chromium/quiz-driver.ts';
import { PATH_A, PATH_B, expectedPercentages, totalsFor } from '../support/visitor.ts';

const SUBMIT_ROUTE = '**/rest/v1/rpc/submit_response';

/** Submit calls the page makes from now on, by outcome. */
function watchSubmits(page: Page): { sent: number; ok: number } {
  const seen = { sent: 0, ok: 0 };
  page.on('request', (r) => {
    if (r.url().includes('/rpc/submit_response')) seen.sent += 1;
  });
  page.on('response', (r) => {
    if (r.url().includes('/rpc/submit_response') && r.ok()) seen.ok += 1;
  });
  return seen;
}

describe('a failed save', () => {
  const product = useProduct();
  let context: BrowserContext;

  it('with the request blocked: results still show, and the next page load stores it exactly once', async () => {
    const before = await responseCount(product.app);
    context = await product.browser.newContext();
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.route(SUBMIT_ROUTE, (route) => route.abort('connectionrefused'));
    await visitorOn(page).openQuiz(product.app.url);
    await visitorOn(page).startWithName('Blocked');
    await visitorOn(page).answer(PATH_A);
    await visitorOn(page).onResults();

    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_A));
    await expect.poll(() => errors.filter((e) => e.startsWith('Error saving final scores')).length, POLL).toBe(1);
    expect(await responseCount(product.app)).toBe(before);
    expect(await pendingCount(page)).toBe(1);
    // No error is shown; the screen says only that the result waits to be saved.
    expect(await page.getByText(/error|failed/i).count()).toBe(0);
    await page.getByRole('status').filter({ hasText: 'saves it when the connection returns' }).waitFor();

    await page.unroute(SUBMIT_ROUTE);
    await page.reload();
    await expect.poll(() => responseCount(product.app), POLL).toBe(before + 1);
    await expect.poll(() => pendingCount(page), POLL).toBe(0);
    expect((await storedRespondents(product.app)).filter((r) => r.name === 'Blocked')).toEqual([
      { name: 'Blocked', raw: totalsFor(PATH_A) },
    ]);

    // Further loads find nothing left to send. A reload shows the finished quiz's results again, once the quiz has hydrated.
    const later = watchSubmits(page);
    await page.reload();
    await visitorOn(page).onResults();
    await page.waitForLoadState('networkidle');
    expect(later.sent).toBe(0);
    expect(await responseCount(product.app)).toBe(before + 1);
    await context.close();
  });

  it('with the backend stopped: stored once it is back and the browser comes online', async () => {
    const before = await responseCount(product.app);
    const anonymousBefore = (await storedRespondents(product.app)).filter((r) => r.name === null).length;
    context = await product.browser.newContext();
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    const submits = watchSubmits(page);
    // In production the static host stays up when the backend goes down; here one server is both, so the
    // results' screen and store, which the page fetches ahead of need, are let arrive before it stops (the question
    // screen is there once the first question shows).
    const ahead = Promise.all(['ResultsScreen', 'results'].map((name) => untilChunkLoaded(page, name)));
    await visitorOn(page).openQuiz(product.app.url);
    await visitorOn(page).startWithName('');
    await ahead;
    await product.app.stop();
    try {
      await visitorOn(page).answer(PATH_B);
      await visitorOn(page).onResults();
      expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_B));
      await expect.poll(() => errors.filter((e) => e.startsWith('Error saving final scores')).length, POLL).toBe(1);
      expect(await pendingCount(page)).toBe(1);
    } finally {
      await product.app.start();
    }
    // The browser noticing the network again fires "online", which sends the submission (or the outbox's own
    // retry does, some seconds after the failure, if it comes first); either way it is stored once.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => responseCount(product.app), POLL).toBe(before + 1);
    await expect.poll(() => pendingCount(page), POLL).toBe(0);
    expect(submits.ok).toBe(1);
    const anonymous = (await storedRespondents(product.app)).filter((r) => r.name === null);
    expect(anonymous).toHaveLength(anonymousBefore + 1);
    expect(anonymous).toContainEqual({ name: null, raw: totalsFor(PATH_B) });
    // The charts whose code could not load while the server was down are drawn now.
    await page.getByRole('img', { name: /^Your result chart/ }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save image' }).isEnabled(), POLL).toBe(true);
    await page.getByRole('region', { name: 'How Do You Compare?' }).getByRole('img').waitFor();

    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await responseCount(product.app)).toBe(before + 1);
    await context.close();
  });
  it('while the browser stays online: the outbox sends it again on its own after a pause, with no reconnection', async () => {
    const before = await responseCount(product.app);
    context = await product.browser.newContext();
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    const submits = watchSubmits(page);
    // The first save cannot reach the backend (a server restarting); the browser never goes offline.
    let refused = 0;
    await page.route(SUBMIT_ROUTE, (route) => (refused++ === 0 ? route.abort('connectionrefused') : route.fallback()));
    await visitorOn(page).openQuiz(product.app.url);
    await page.evaluate(() => {
      const counted = window as Window & { onlineEvents?: number };
      counted.onlineEvents = 0;
      addEventListener('online', () => (counted.onlineEvents = (counted.onlineEvents ?? 0) + 1));
    });
    await visitorOn(page).startWithName('Timed');
    await visitorOn(page).answer(PATH_A);
    await visitorOn(page).onResults();
    await expect.poll(() => errors.filter((e) => e.startsWith('Error saving final scores')).length, POLL).toBe(1);

    await expect.poll(() => responseCount(product.app), POLL).toBe(before + 1);
    await expect.poll(() => pendingCount(page), POLL).toBe(0);
    expect([submits.sent, submits.ok]).toEqual([2, 1]);
    expect(await page.evaluate(() => (window as Window & { onlineEvents?: number }).onlineEvents)).toBe(0);
    expect((await storedRespondents(product.app)).filter((r) => r.name === 'Timed')).toEqual([
      { name: 'Timed', raw: totalsFor(PATH_A) },
    ]);
    await context.close();
  });

  it('offline from the first click: the answers are kept, and results and the save follow once online', async () => {
    const before = await responseCount(product.app);
    context = await product.browser.newContext();
    const page = await context.newPage();
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    // A visitor who loses the network once the question screen is there.
    const questionScreen = untilChunkLoaded(page, 'QuestionScreen');
    await visitorOn(page).openQuiz(product.app.url);
    await questionScreen;
    await context.setOffline(true);
    await visitorOn(page).startWithName('Offline');
    await visitorOn(page).answer(PATH_B);
    await expect.poll(() => pendingCount(page), POLL).toBe(1);
    expect(await responseCount(product.app)).toBe(before);

    await context.setOffline(false);
    await visitorOn(page).onResults();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_B));
    await expect.poll(() => responseCount(product.app), POLL).toBe(before + 1);
    await expect.poll(() => pendingCount(page), POLL).toBe(0);
    expect((await storedRespondents(product.app)).filter((r) => r.name === 'Offline')).toEqual([
      { name: 'Offline', raw: totalsFor(PATH_B) },
    ]);
    await page.getByRole('region', { name: 'How Do You Compare?' }).getByRole('img').waitFor();
    // What could not load offline (the charts' code fetched ahead) waited for the network instead of failing.
    expect(uncaught).toEqual([]);
    await context.close();
  });
});
