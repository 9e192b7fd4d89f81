/**
 * Installable, and offline after one visit (src/offline/, docs/offline.md):
 * Chromium's own installability check, the quiz run offline to its drawn
 * results and its save sent once back online, the comparison with the last
 * average received, dated, the text pages offline,
 * nothing of the hidden page in Cache Storage, and a new version taken at a
 * navigation only while no page is in the middle of a quiz, its old copies
 * then gone.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_PASSWORD, startApp } from '../support/chromium/app.ts';
import { spreadRespondents, submitAll, waitForDrawing } from '../support/chromium/insights-page.ts';
import { workerChromium } from '../support/chromium/browser.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, pendingCount, responseCount, storedRespondents, visitorOn } from '../support/chromium/quiz-driver.ts';
import { PATH_A, expectedPercentages, totalsFor } from '../support/visitor.ts';
import { DATA_STATUS } from '../../src/islands/data-status.ts';

/** Until the service worker has precached the site and serves this page. */
async function untilServedByWorker(page: Page): Promise<void> {
  const served = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
    });
  await expect.poll(served, POLL).toBe(true);
}

/** Whether a new version of the worker waits to take over. */
function updateWaiting(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null);
}

/** Whether the newest version of the worker is the active one, with none waiting behind it. */
function activeAlone(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration?.waiting === null && registration.active?.state === 'activated';
  });
}

/**
 * Chromium activates a version told to skip waiting once the old one has
 * stopped. A request from an open page that reaches the old one while it
 * stops starts it again, and then it stops only once it has been idle for
 * Chromium's usual time (30 s), or after 5 minutes at the latest. The quiz's
 * save and its comparison are such requests: the hand-over waits until the
 * pages are quiet, and the quiz's page, done, is closed, so that the check
 * below usually sees the activation in seconds. On a busy machine it has
 * taken over a minute: the check waits for Chromium's latest, 5 minutes.
 */
const QUIET_MS = 1_000;
const ACTIVATION_POLL = { timeout: 330_000, interval: 200 };
/** Longer than the activation's latest and the steps before it: a net for a hung test. */
const NEW_VERSION_TEST_MS = 480_000;

/** Until no page of the context has sent a request for `quietMs`. */
async function untilNoRequestFor(context: BrowserContext, quietMs: number): Promise<void> {
  let last = Date.now();
  const seen = () => (last = Date.now());
  context.on('request', seen);
  try {
    await expect.poll(() => Date.now() - last >= quietMs, POLL).toBe(true);
  } finally {
    context.off('request', seen);
  }
}

/** Every address in the page's Cache Storage, and the text of every response kept there. */
function cacheStorage(page: Page): Promise<{ urls: string[]; text: string }> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    let text = '';
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        urls.push(request.url);
        text += await (await cache.match(request))!.text();
      }
    }
    return { urls, text };
  });
}

/** The release a page was served from: the build's marks none, a redeployed copy's its number. */
function releaseOf(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector('meta[name="release"]')?.getAttribute('content') ?? null);
}

const NAMED = 'Zebulon Quarrie';

describe('offline after one visit', () => {
  const product = useProduct();
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    await submitAll(product.app, spreadRespondents([NAMED, null]));
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function firstVisit(path = '/'): Promise<Page> {
    context = await product.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.app.url}${path}`);
    await untilServedByWorker(page);
    return page;
  }

  it('is installable: Chromium reports no installability error', async () => {
    const page = await firstVisit();
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
  });

  it('runs the whole quiz offline to its drawn chart and percentages, and sends the save when the connection returns', async () => {
    const before = await responseCount(product.app);
    const page = await firstVisit();
    await context!.setOffline(true);
    await visitorOn(page).openQuiz(product.app.url);
    await visitorOn(page).startWithName('Offline Olive');
    await visitorOn(page).answer(PATH_A);
    await visitorOn(page).onResults();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_A));
    // The chart is drawn: its canvas holds painted pixels.
    await waitForDrawing(page, 'result');
    // The comparison says plainly that it needs the connection.
    await page.getByText(DATA_STATUS.comparison.failed).waitFor();
    expect(await pendingCount(page)).toBe(1);
    expect(await responseCount(product.app)).toBe(before);

    await context!.setOffline(false);
    await expect.poll(() => responseCount(product.app), POLL).toBe(before + 1);
    await expect.poll(() => pendingCount(page), POLL).toBe(0);
    expect((await storedRespondents(product.app)).filter((r) => r.name === 'Offline Olive')).toEqual([
      { name: 'Offline Olive', raw: totalsFor(PATH_A) },
    ]);
  });

  it('offline, compares the result with the last average this browser received, dated', async () => {
    const page = await firstVisit();
    // Once online: the quiz to its comparison, whose average the browser keeps.
    await visitorOn(page).openQuiz(product.app.url);
    await visitorOn(page).startWithName('Online Ona');
    await visitorOn(page).answer(PATH_A);
    await visitorOn(page).onResults();
    await waitForDrawing(page, 'compare');
    const average = page.locator('[data-average]');
    const online = await average.innerText();

    await context!.setOffline(true);
    const offline = await context!.newPage();
    await visitorOn(offline).openQuiz(product.app.url);
    await visitorOn(offline).startWithName('Offline Otto');
    await visitorOn(offline).answer(PATH_A);
    await visitorOn(offline).onResults();
    await offline
      .getByText(/^The average as of [A-Z][a-z]+ \d+, \d{4} at \d+:\d\d [AP]M, the last this browser received/)
      .waitFor();
    await waitForDrawing(offline, 'compare');
    expect(await offline.locator('[data-average]').innerText()).toBe(online);
    expect(await offline.getByText(DATA_STATUS.comparison.failed).count()).toBe(0);
  });

  it('opens the essays, the figures, the privacy page and the insights page offline', async () => {
    const page = await firstVisit();
    await page.goto(`${product.app.url}/insights`);
    const count = page.getByText(/^Based on \d+ respondents?\.$/);
    const online = await count.innerText();
    await context!.setOffline(true);
    for (const [path, heading] of [
      ['/values/love', 'Love'],
      ['/values', undefined],
      ['/figures', undefined],
      ['/privacy', 'Your answers are yours'],
      ['/insights', undefined],
    ] as const) {
      const response = await page.goto(`${product.app.url}${path}`);
      expect(response?.status(), path).toBe(200);
      const h1 = page.getByRole('heading', { level: 1 });
      await h1.first().waitFor();
      if (heading) expect(await h1.first().innerText(), path).toContain(heading);
    }
    // /insights shows the figures it last received, with their date.
    await page.goto(`${product.app.url}/insights`);
    await page.getByText(/these are the ones this browser last received, on [A-Z][a-z]+ \d+, \d{4}/).waitFor();
    expect(await count.innerText()).toBe(online);
    await waitForDrawing(page, 'scatter');

    // An address the site does not have is its 404 page, offline too.
    const missing = await page.goto(`${product.app.url}/no-such-page`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('keeps nothing of the hidden page in Cache Storage, and offline says the page needs the connection', async () => {
    const page = await firstVisit();
    await page.goto(`${product.app.url}/hehe`);
    await page.locator('button:has-text("Unlock"):enabled').waitFor();
    await page.getByPlaceholder('Enter secret password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('heading', { name: 'Welcome to Secret Insights' }).waitFor();
    await waitForDrawing(page, 'scatter');

    const kept = await cacheStorage(page);
    expect(kept.urls.length).toBeGreaterThan(20);
    expect(kept.urls.filter((url) => /hehe|HiddenPage|\/rest\/|\/rpc\//.test(url))).toEqual([]);
    expect(kept.text).not.toContain(NAMED);
    expect(kept.text).not.toContain(E2E_PASSWORD);

    await context!.setOffline(true);
    await page.goto(`${product.app.url}/hehe`);
    await page.getByRole('heading', { name: 'This page needs the connection' }).waitFor();
    expect(await page.getByPlaceholder('Enter secret password').count()).toBe(0);
  });
});

describe('a new version', () => {
  let context: BrowserContext | undefined;
  const site = mkdtempSync(join(tmpdir(), 'mc-offline-site-'));

  it(
    'is taken at a navigation between quizzes, never while a page is in the middle of one, and the old copies go',
    async () => {
      cpSync(inject('siteDir'), site, { recursive: true });
      const app = await startApp({ env: { SITE_DIR: site } });
      try {
        context = await (await workerChromium()).newContext();
        const quiz = await context.newPage();
        await visitorOn(quiz).openQuiz(app.url);
        await untilServedByWorker(quiz);
        await visitorOn(quiz).startWithName('');
        await visitorOn(quiz).answer(PATH_A.slice(0, 2));
        await visitorOn(quiz).onQuestion(2);

        // A deploy: "/" changes, and so does the worker that lists it.
        const page = (name: string) => join(site, name);
        writeFileSync(
          page('index.html'),
          readFileSync(page('index.html'), 'utf8').replace('<head>', '<head><meta name="release" content="2">'),
        );
        const worker = readFileSync(page('sw.js'), 'utf8');
        const withNewHome = worker.replace(/(url:`\/`,revision:`)[0-9a-f]+`/, '$1release-2`');
        expect(withNewHome).not.toBe(worker);
        writeFileSync(page('sw.js'), withNewHome);
        for (const copy of ['index.html.br', 'index.html.gz', 'sw.js.br', 'sw.js.gz'])
          rmSync(page(copy), { force: true });

        await quiz.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
        await expect.poll(() => updateWaiting(quiz), POLL).toBe(true);

        // Another tab opened while the quiz is under way still gets the version the quiz runs on.
        const other = await context.newPage();
        await other.goto(app.url);
        expect(await releaseOf(other)).toBeNull();
        expect(await updateWaiting(quiz)).toBe(true);

        // The quiz goes on to its results on the code it started with.
        await visitorOn(quiz).answer(PATH_A, 2);
        await visitorOn(quiz).onResults();

        // Between quizzes, the next navigation is served by the new version.
        await untilNoRequestFor(context, QUIET_MS);
        await other.reload();
        expect(await releaseOf(other)).toBe('2');
        await quiz.close();

        // Once it has taken over, the old version's copy of "/" is gone from Cache Storage.
        await expect.poll(() => activeAlone(other), ACTIVATION_POLL).toBe(true);
        const homeCopies = (await cacheStorage(other)).urls.filter((url) => new URL(url).pathname === '/');
        expect(homeCopies).toEqual([`${app.url}/?__WB_REVISION__=release-2`]);
      } finally {
        await context?.close();
        await app.dispose();
        rmSync(site, { recursive: true, force: true });
      }
    },
    NEW_VERSION_TEST_MS,
  );
});
