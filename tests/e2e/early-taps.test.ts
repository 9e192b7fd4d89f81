/**
 * Every control painted from the HTML works from the moment it is painted:
 * a tap (or Enter) before the island hydrated takes effect, once. On a phone
 * of 390×844 with the CPU slowed 4×; the page's scripts are held back where
 * a test needs the tap to land before hydration for sure.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { E2E_PASSWORD } from '../support/chromium/app.ts';
import { slowPhonePage } from '../support/chromium/phone.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL } from '../support/chromium/quiz-driver.ts';
import { untilHydrated } from '../support/chromium/browser.ts';

const product = useProduct();
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

interface Phone {
  page: Page;
  /** Lets the held scripts load: the islands hydrate. */
  release: () => void;
  problems: string[];
}

/** A phone page; with `hold`, no script of the site loads until release(), so nothing hydrates. */
async function phone({ hold }: { hold: boolean }): Promise<Phone> {
  const phone = await slowPhonePage(product.browser);
  context = phone.context;
  const { page, problems } = phone;
  let release = () => {};
  if (hold) {
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
  }
  return { page, release, problems };
}

const unhydrated = (page: Page) => page.locator('astro-island[ssr]').count();
const hydrated = (page: Page) => untilHydrated(page, POLL);
const nameField = (page: Page) => page.getByRole('textbox', { name: 'Your name' });

describe('a tap before hydration takes effect, once', () => {
  it('Start Quiz tapped at first paint shows the name screen at once, and the quiz keeps it', async () => {
    const { page, release, problems } = await phone({ hold: true });
    await page.goto(`${product.app.url}/`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Start Quiz' }).tap();
    await nameField(page).waitFor(POLL);
    expect(await unhydrated(page)).toBeGreaterThan(0);

    release();
    await hydrated(page);
    await expect.poll(() => page.locator('[data-screen="name"]').count(), POLL).toBe(1);
    await page.waitForTimeout(500);
    expect(await nameField(page).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Start Quiz' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('the name form sent with Enter before hydration goes on to question 1, once, with the name', async () => {
    const { page, release, problems } = await phone({ hold: true });
    await page.goto(`${product.app.url}/`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Start Quiz' }).tap();
    await nameField(page).fill('Ada');
    await nameField(page).press('Enter');
    await nameField(page).press('Enter');
    expect(await unhydrated(page)).toBeGreaterThan(0);

    release();
    await page.getByText('Question 1 of 12').waitFor(POLL);
    await page.waitForTimeout(1000);
    expect(await page.getByText('Question 1 of 12').count()).toBe(1);
    const kept = await page.evaluate(() => sessionStorage.getItem('myc.quiz-progress.v1') ?? '');
    expect(JSON.parse(kept)).toMatchObject({ screen: 'question', name: 'Ada', answers: [] });
    expect(problems).toEqual([]);
  });

  it('the menu button tapped twice before hydration opens the menu, and its entries then work', async () => {
    const { page, release, problems } = await phone({ hold: true });
    await page.goto(`${product.app.url}/`, { waitUntil: 'commit' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.tap();
    await menu.tap();
    release();
    await hydrated(page);
    await expect.poll(() => menu.getAttribute('aria-expanded'), POLL).toBe('true');
    await page.waitForTimeout(500);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'about.' }).tap();
    await page.getByRole('dialog').waitFor(POLL);
    expect(problems).toEqual([]);
  });

  it('the hidden page unlocks with a password sent with Enter before hydration', async () => {
    const { page, release, problems } = await phone({ hold: true });
    await page.goto(`${product.app.url}/hehe`, { waitUntil: 'commit' });
    const field = page.getByPlaceholder('Enter secret password');
    await field.fill(E2E_PASSWORD);
    await field.press('Enter');
    expect(await unhydrated(page)).toBe(1);
    expect(new URL(page.url()).search).toBe('');

    release();
    await page.getByRole('heading', { name: 'Welcome to Secret Insights' }).waitFor(POLL);
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
  });

  it('Start Quiz and the menu tapped the moment they are visible, as the page loads by itself, each take effect with one tap', async () => {
    for (const [control, effect] of [
      ['Start Quiz', (page: Page) => nameField(page).waitFor(POLL)],
      [
        'Menu',
        (page: Page) =>
          expect
            .poll(() => page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded'), POLL)
            .toBe('true'),
      ],
    ] as const) {
      const { page, problems } = await phone({ hold: false });
      await page.goto(`${product.app.url}/`, { waitUntil: 'commit' });
      await page.getByRole('button', { name: control }).tap();
      await effect(page);
      expect(problems, control).toEqual([]);
      await context?.close();
    }
  });

  it('holds taps only until every island has hydrated: then its listeners go, and a tap costs nothing more', async () => {
    const { page, release, problems } = await phone({ hold: true });
    const cdp = await page.context().newCDPSession(page);
    /**
     * What the early-taps script listens for on window: the listeners from the
     * script that also listens for astro:hydrate (Playwright adds capture
     * listeners of its own for its taps).
     */
    const holding = async () => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
      const script = listeners.find((l) => l.type === 'astro:hydrate')?.scriptId;
      return listeners
        .filter((l) => l.scriptId === script && l.type !== 'astro:hydrate')
        .map((l) => l.type)
        .sort();
    };
    await page.goto(`${product.app.url}/`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Start Quiz' }).waitFor(POLL);
    expect(await holding()).toEqual(['click', 'submit']);

    await page.getByRole('button', { name: 'Start Quiz' }).tap();
    release();
    await hydrated(page);
    await nameField(page).waitFor(POLL);
    await expect.poll(holding, POLL).toEqual([]);
    // The tap held before hydration was played back once all the same.
    expect(await page.locator('[data-screen="name"]').count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
