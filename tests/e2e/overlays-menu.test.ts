import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { useProduct } from '../support/chromium/product.ts';
import { answerFirst, visitorOn } from '../support/chromium/quiz-driver.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };

type Opened = { title: string; open: (page: Page) => Promise<Locator> };

/** The element that should get focus back, after opening the overlay from it. */
async function openFromMenu(page: Page, entry: string): Promise<Locator> {
  const opener = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: entry, exact: true });
  await opener.click();
  return opener;
}

const OVERLAYS: Record<string, Opened> = {
  about: {
    title: 'About',
    open: async (page) => openFromMenu(page, 'about.'),
  },
  explain: {
    title: 'understand the values.',
    open: async (page) => openFromMenu(page, 'understand.'),
  },
  understanding: {
    title: 'Understanding Your Chart',
    open: async (page) => {
      const opener = page.getByRole('button', { name: 'What does this mean?' });
      await opener.click();
      return opener;
    },
  },
};

const CLOSERS: Record<string, (page: Page, dialog: Locator) => Promise<void>> = {
  'the x button': (_page, dialog) => dialog.getByRole('button', { name: 'Close', exact: true }).click(),
  'the "close." link': (_page, dialog) => dialog.getByRole('button', { name: 'close.', exact: true }).click(),
  'a click outside': (page) => page.mouse.click(4, 4),
  Escape: (page) => page.keyboard.press('Escape'),
};

/** How many light strokes cross the middle of `toggle`'s picture, top to bottom: the bars as drawn, whatever draws them. */
async function drawnBars(toggle: Locator): Promise<number> {
  const { data, info } = await sharp(await toggle.screenshot())
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const x = Math.floor(info.width / 2);
  const column = Array.from({ length: info.height }, (_, y) => data[y * info.width * info.channels + x]!);
  // The button's own fill is the column's commonest shade, light or dark with the scheme; a bar stands out from it.
  const shares = new Map<number, number>();
  for (const v of column) shares.set(v >> 4, (shares.get(v >> 4) ?? 0) + 1);
  const fill = ([...shares].sort((a, b) => b[1] - a[1])[0]![0] << 4) + 8;
  let strokes = 0;
  let inStroke = false;
  for (const v of column) {
    const ink = Math.abs(v - fill) > 64;
    if (ink && !inStroke) strokes++;
    inStroke = ink;
  }
  return strokes;
}

function menuEntries(page: Page): Locator {
  return page.locator('#site-menu > li');
}

describe('overlays and the top-bar menu on "/"', () => {
  const product = useProduct();
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    context = await product.browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  // One page per overlay, opened and closed by each way in turn: the focus must come back every time.
  for (const [which, overlay] of Object.entries(OVERLAYS)) {
    it(`${which} opens as a labelled modal dialog, takes focus, and closes by ${Object.keys(CLOSERS).join(', ')}, giving focus back`, async () => {
      if (which === 'understanding') await visitorOn(page).toResults(product.app.url);
      else await visitorOn(page).openQuiz(product.app.url);
      for (const [how, close] of Object.entries(CLOSERS)) {
        const opener = await overlay.open(page);
        const dialog = page.getByRole('dialog', { name: overlay.title });
        await dialog.waitFor();
        expect(await dialog.getAttribute('aria-modal'), how).toBe('true');
        expect(await page.getByRole('heading', { name: overlay.title, exact: true }).isVisible(), how).toBe(true);
        expect(await dialog.evaluate((d) => d.contains(document.activeElement)), how).toBe(true);

        await close(page, dialog);
        await dialog.waitFor({ state: 'detached' });
        expect(await page.getByRole('dialog').count(), how).toBe(0);
        expect(await opener.evaluate((el) => el === document.activeElement), how).toBe(true);
      }
    });
  }

  it('shows the About text and the four essays with their literary references', async () => {
    await visitorOn(page).openQuiz(product.app.url);
    await openFromMenu(page, 'about.');
    const about = page.getByRole('dialog', { name: 'About' });
    expect(await about.textContent()).toContain('explores where your values lie between love, honor, duty and reason');
    expect(await about.textContent()).toContain('mirror or a story prompt, not a personality test');
    await page.keyboard.press('Escape');

    await openFromMenu(page, 'understand.');
    const explain = page.getByRole('dialog', { name: 'understand the values.' });
    const titles = await explain.locator('.essay__title').allTextContents();
    expect(titles).toEqual(['Love', 'Duty', 'Honor', 'Reason']);
    expect(await explain.getByRole('heading', { name: 'Literary references' }).count()).toBe(4);
    expect(await explain.locator('cite').allTextContents()).toContain('Wuthering Heights');
  });

  it('the results overlay holds the same essay text as Explain', async () => {
    await visitorOn(page).toResults(product.app.url);
    await page.getByRole('button', { name: 'What does this mean?' }).click();
    const understanding = await page
      .getByRole('dialog', { name: 'Understanding Your Chart' })
      .locator('[data-essays]')
      .innerHTML();
    await page.keyboard.press('Escape');
    await openFromMenu(page, 'Explain');
    const explain = await page
      .getByRole('dialog', { name: 'understand the values.' })
      .locator('[data-essays]')
      .innerHTML();
    expect(understanding.length).toBeGreaterThan(1000);
    expect(understanding).toBe(explain);
  });

  it('About and Explain replace each other: never two overlays at once', async () => {
    await visitorOn(page).openQuiz(product.app.url);
    const opener = await openFromMenu(page, 'about.');
    await page.getByRole('dialog', { name: 'About' }).waitFor();
    await page.getByRole('button', { name: 'read about the four values.' }).click();
    await page.getByRole('dialog', { name: 'understand the values.' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await page.locator('dialog').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('on the home screen the menu entries read "home.", "about." and "understand."', async () => {
    await visitorOn(page).openQuiz(product.app.url);
    expect(await menuEntries(page).allInnerTexts()).toEqual(['home.', 'about.', 'understand.']);
  });

  it('past the home screen the menu offers Home, Start over, About, Explain and Insights', async () => {
    await visitorOn(page).openQuiz(product.app.url);
    await visitorOn(page).start();
    expect(await menuEntries(page).allInnerTexts()).toEqual([
      'Home',
      'Start over',
      'About',
      'Explain',
      'Insights',
      'Map a group',
    ]);
    expect(await page.getByRole('link', { name: 'Insights' }).getAttribute('href')).toBe('/insights');
  });

  it('logo and title lead to /insights', async () => {
    await visitorOn(page).openQuiz(product.app.url);
    const brand = page.getByRole('banner').getByRole('link', { name: 'Map your Contradictions', exact: true });
    expect(await brand.getAttribute('href')).toBe('/insights');
    expect(await brand.locator('img').count()).toBe(1);
    expect(await brand.innerText()).toBe('Map your Contradictions');
  });

  for (const entry of ['Start over', 'Home']) {
    it(`${entry} resets everything: intro, name cleared, answers gone, at "/"`, async () => {
      await visitorOn(page).openQuiz(product.app.url);
      await visitorOn(page).startWithName('Ada');
      await answerFirst(page);
      await answerFirst(page);
      expect(await page.locator('#quiz-question').isVisible()).toBe(true);

      const menu = page.getByRole('navigation', { name: 'Main' });
      await (
        entry === 'Home' ? menu.getByRole('link', { name: 'Home' }) : menu.getByRole('button', { name: 'Start over' })
      ).click();

      await page.getByRole('button', { name: 'Start Quiz' }).waitFor();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/');
      expect(await menuEntries(page).allInnerTexts()).toEqual(['home.', 'about.', 'understand.']);
      await visitorOn(page).start();
      expect(await page.getByPlaceholder("What's your name?").inputValue()).toBe('');
      await page.getByRole('button', { name: 'Continue' }).click();
      // Back appears from the second question on: its absence shows the answers were dropped.
      await page.locator('#quiz-question').waitFor();
      expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    });
  }

  describe('on a 360 px wide phone', () => {
    beforeEach(async () => {
      await page.setViewportSize(PHONE);
    });

    it('folds the menu behind three bars named "Menu"', async () => {
      await visitorOn(page).openQuiz(product.app.url);
      const toggle = page.getByRole('button', { name: 'Menu', exact: true });
      expect(await toggle.isVisible()).toBe(true);
      expect(await drawnBars(toggle)).toBe(3);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('#site-menu').isVisible()).toBe(false);
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await page.locator('#site-menu').isVisible()).toBe(true);
    });

    it('closes the menu on a click outside it', async () => {
      await visitorOn(page).openQuiz(product.app.url);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.locator('#site-menu').waitFor({ state: 'visible' });
      // Bottom left of the screen, well away from the menu that folds out top right.
      const outside = { x: 12, y: PHONE.height - 12 };
      expect(
        await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('nav') ?? null, outside),
      ).toBeNull();
      await page.mouse.click(outside.x, outside.y);
      await page.locator('#site-menu').waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: 'Menu', exact: true }).getAttribute('aria-expanded')).toBe('false');
    });

    it('closes the menu when an entry is chosen, and focus returns to the menu button after the overlay', async () => {
      await visitorOn(page).openQuiz(product.app.url);
      const toggle = page.getByRole('button', { name: 'Menu', exact: true });
      await toggle.click();
      await page.getByRole('button', { name: 'about.', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'About' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.locator('#site-menu').isVisible()).toBe(false);
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it('fits the overlay on the screen', async () => {
      await visitorOn(page).openQuiz(product.app.url);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('button', { name: 'understand.', exact: true }).click();
      const box = await page.getByRole('dialog', { name: 'understand the values.' }).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });
  });
});
