/**
 * Firefox ESR from Debian, driven over WebDriver BiDi, which Firefox speaks
 * itself: puppeteer-core starts the local binary with its remote agent on
 * and talks BiDi to it, with no geckodriver (Debian has none) and nothing
 * downloaded.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { installPageHooks, PHONE, pickElement, type PageFunction, type Session } from './session.ts';

export async function startFirefox(binary: string): Promise<Session> {
  const downloads = mkdtempSync(join(tmpdir(), 'mc-firefox-downloads-'));
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: binary,
    headless: true,
    defaultViewport: { ...PHONE, deviceScaleFactor: 2 },
    extraPrefsFirefox: {
      // Saved straight into the test's folder, as a visitor's Firefox does into Downloads.
      'browser.download.folderList': 2,
      'browser.download.dir': downloads,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      // Nor does the downloads panel open over the page: it would take the focus from the document for good.
      'browser.download.alwaysOpenPanel': false,
    },
  });
  try {
    // A tab of its own, the one in front: the tab Firefox starts with never gets the window's focus when
    // headless, and a document without it takes key presses but leaves Enter and Space on a button unanswered.
    const started = await browser.pages();
    const page = await browser.newPage();
    await Promise.all(started.map((tab) => tab.close()));
    await page.setViewport({ ...PHONE, deviceScaleFactor: 2 });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    await page.evaluateOnNewDocument(installPageHooks, true);
    return firefoxSession(browser, page, problems, downloads);
  } catch (error) {
    await browser.close();
    throw error;
  }
}

async function clickPicked(page: Page, selector: string, text: string | null): Promise<void> {
  const handle = await page.evaluateHandle(pickElement, selector, text);
  const element = handle.asElement() as ElementHandle<Element> | null;
  if (!element) throw new Error(`No ${selector} "${text ?? ''}" on screen to click`);
  try {
    // In the middle of the screen, as a visitor scrolls to what they tap, clear of bars at the edges.
    await element.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await element.click();
  } finally {
    await handle.dispose();
  }
}

function firefoxSession(browser: Browser, page: Page, problems: string[], downloads: string): Session {
  const settle = { waitUntil: 'load' as const };
  return {
    downloads,
    async goto(url) {
      await page.goto(url, settle);
    },
    async startLoading(url) {
      await page.evaluate((to) => {
        location.assign(to);
      }, url);
    },
    async back() {
      await page.goBack(settle);
    },
    async forward() {
      await page.goForward(settle);
    },
    async reload() {
      await page.reload(settle);
    },
    async url() {
      return page.url();
    },
    async evaluate<A extends unknown[], T>(fn: PageFunction<A, T>, ...args: A): Promise<T> {
      return (await page.evaluate(fn as (...a: unknown[]) => T, ...args)) as T;
    },
    click: (selector, text = null) => clickPicked(page, selector, text),
    async typeAndEnter(selector, typed) {
      await clickPicked(page, selector, null);
      await page.keyboard.type(typed);
      await page.keyboard.press('Enter');
    },
    async press(key) {
      // Puppeteer's BiDi keyboard knows the space bar by the character it types, not by its name.
      if (key === 'Space') return page.keyboard.press(' ');
      if (key !== 'Shift+Tab') return page.keyboard.press(key);
      await page.keyboard.down('Shift');
      try {
        await page.keyboard.press('Tab');
      } finally {
        await page.keyboard.up('Shift');
      }
    },
    async problems() {
      return [...problems];
    },
    async close() {
      await browser.close();
    },
  };
}
