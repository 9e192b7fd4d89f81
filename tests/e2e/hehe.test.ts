import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { contrast } from '../../src/charts/contrast.ts';
import { highlightDot, respondentDot } from '../../src/charts/insights/scatter.ts';
import { CHART_PALETTES } from '../../src/charts/palette.ts';
import { stepDot } from '../../src/core/dot-steps.ts';
import { E2E_PASSWORD } from '../support/chromium/app.ts';
import { useProduct } from '../support/chromium/product.ts';
import { expectNoSeriousAxeViolations } from '../support/chromium/browser.ts';
import {
  canvasOf,
  countPixels,
  dotCentres,
  spreadRespondents,
  submitAll,
  waitForDrawing,
} from '../support/chromium/insights-page.ts';

/** Waits for the page to catch up: loading, drawing and answering take a moment. */
// The browser's contexts state no preference, which draws the light palette.
const PALETTE = CHART_PALETTES.light;
const RESPONDENT_DOT = respondentDot(PALETTE);
const HIGHLIGHT_DOT = highlightDot(PALETTE);

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const SCRIPTED = '<img src=x onerror=alert(1)>';
const respondents = spreadRespondents(['Marigold Vantablack', null, SCRIPTED, 'Ottoline Quaybridge']);

interface HehePage {
  page: Page;
  dialogs: string[];
}

async function openHehe(browser: Browser, url: string): Promise<HehePage> {
  const context = await browser.newContext({ deviceScaleFactor: 1, viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${url}/hehe`);
  // The button is enabled once the island runs.
  await page.locator('button:has-text("Unlock"):enabled').waitFor();
  return { page, dialogs };
}

async function unlock(page: Page): Promise<void> {
  await page.getByPlaceholder('Enter secret password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('heading', { name: 'Welcome to Secret Insights' }).waitFor();
  await waitForDrawing(page, 'scatter');
  await waitForDrawing(page, 'relative');
}

/** From now on, counts the dots (arcs) drawn on each chart's canvas; arcsDrawn reads the counts. */
async function countArcsDrawn(page: Page): Promise<void> {
  await page.evaluate(() => {
    const proto = CanvasRenderingContext2D.prototype;
    const arc = proto.arc;
    proto.arc = function (this: CanvasRenderingContext2D, ...args: Parameters<typeof arc>) {
      const canvas = this.canvas;
      canvas.dataset.arcs = String(Number(canvas.dataset.arcs ?? 0) + 1);
      arc.apply(this, args);
    };
  });
}

function arcsDrawn(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLCanvasElement>('canvas[data-chart^="relative"]')].map((c) => [
        c.dataset.chart!,
        Number(c.dataset.arcs ?? 0),
      ]),
    ),
  );
}

function pickedText(page: Page, chart: 'scatter' | 'relative') {
  return page.locator(`[data-picked="${chart}"]`);
}

describe('/hehe', () => {
  const product = useProduct();
  beforeAll(async () => {
    await submitAll(product.app, respondents);
  });

  it('is locked at first, asks for the password and is kept out of search engines', async () => {
    const { page } = await openHehe(product.browser, product.app.url);
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toContain('noindex');
    await expect(page.getByText('Enter password to unclasp a secret book.').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Enter password to unclasp a secret book.').getAttribute('placeholder')).resolves.toBe(
      'Enter secret password',
    );
    await expect(page.getByRole('heading', { name: 'Welcome to Secret Insights' }).count()).resolves.toBe(0);
    await expect(page.locator('canvas').count()).resolves.toBe(0);
    await expectNoSeriousAxeViolations(page, '/hehe locked');
    await page.context().close();
  });

  it('answers a wrong password with "Incorrect password." and stays locked, by Enter and by Unlock', async () => {
    const { page, dialogs } = await openHehe(product.browser, product.app.url);
    const bodies: Promise<string>[] = [];
    page.on('response', (res) =>
      bodies.push(
        res.body().then(
          (b) => b.toString('utf8'),
          () => '',
        ),
      ),
    );
    const field = page.getByPlaceholder('Enter secret password');
    await field.fill('not-the-password');
    await field.press('Enter');
    // Said beside the field, in the page, not in a browser's alert box.
    const alert = page.getByRole('alert');
    await poll(() => alert.textContent()).toBe('Incorrect password.');
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(alert.getAttribute('id')).resolves.toBe(await field.getAttribute('aria-describedby'));
    const first = await alert.elementHandle();
    await field.fill(`${E2E_PASSWORD}x`);
    await page.getByRole('button', { name: 'Unlock' }).click();
    // Said again: a new element, so that a screen reader announces the same words anew.
    await poll(() => first?.evaluate((el) => el.isConnected)).toBe(false);
    await poll(() => alert.textContent()).toBe('Incorrect password.');
    expect(dialogs).toEqual([]);
    await expect(page.getByRole('heading', { name: 'Welcome to Secret Insights' }).count()).resolves.toBe(0);
    await expect(page.locator('canvas').count()).resolves.toBe(0);
    // The refusals carry no respondent's name.
    const received = await Promise.all(bodies);
    expect(received.length).toBeGreaterThanOrEqual(2);
    for (const body of received) {
      for (const name of ['Marigold', 'Ottoline', SCRIPTED]) expect(body.includes(name), name).toBe(false);
    }
    await page.context().close();
  });

  it('unlocks with Enter and the right password, keeping it out of storage and the address, and the key for the next visit', async () => {
    const { page, dialogs } = await openHehe(product.browser, product.app.url);
    const field = page.getByPlaceholder('Enter secret password');
    await field.fill(E2E_PASSWORD);
    await field.press('Enter');
    await page.getByRole('heading', { name: 'Welcome to Secret Insights' }).waitFor();
    expect(dialogs).toEqual([]);
    expect(page.url()).not.toContain(E2E_PASSWORD);
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
    );
    expect(stored).not.toContain(E2E_PASSWORD);
    // A new visit opens with the key this browser was given, not the password.
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Secret Insights' }).waitFor();
    // Without it, a new visit starts locked again.
    await page.evaluate(() => localStorage.removeItem('hidden-page-key'));
    await page.reload();
    await page.getByPlaceholder('Enter secret password').waitFor();
    await expect(page.getByRole('heading', { name: 'Welcome to Secret Insights' }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('shows the name behind each dot clicked, "Anonymous" for none, and markup as plain text', async () => {
    const { page, dialogs } = await openHehe(product.browser, product.app.url);
    await unlock(page);
    const dots = await dotCentres(page, 'scatter', RESPONDENT_DOT);
    expect(dots).toHaveLength(respondents.length);
    // Dots left to right follow Reason - Honor, which spreadRespondents keeps apart.
    const byX = [...respondents].sort((a, b) => a.position.x - b.position.x);
    const shown: string[] = [];
    for (const dot of dots) {
      const previous = shown.at(-1);
      await canvasOf(page, 'scatter').click({ position: dot });
      const name = page.locator('[data-picked="scatter"] span');
      await name.waitFor();
      // Chart.js handles the click on a later animation frame: until then the span still names the previous dot.
      if (previous !== undefined) await poll(() => name.textContent()).not.toBe(previous);
      shown.push((await name.textContent()) ?? '');
    }
    expect(shown).toEqual(byX.map((r) => r.name ?? 'Anonymous'));
    expect(shown).toContain('Anonymous');
    expect(shown).toContain(SCRIPTED);
    // The markup stayed text: no image element was made from it and no script ran.
    await expect(page.locator('main img').count()).resolves.toBe(0);
    expect(dialogs).toEqual([]);
    await expectNoSeriousAxeViolations(page, '/hehe unlocked');
    await page.context().close();
  });

  it('finds a name typed in another case, lists it and highlights it over the relative plot, drawing no crowd dot again', async () => {
    const { page, dialogs } = await openHehe(product.browser, product.app.url);
    await unlock(page);
    expect((await countPixels(page, 'relative-overlay', HIGHLIGHT_DOT, 0)).ofColour).toBe(0);
    const crowd = await dotCentres(page, 'relative', RESPONDENT_DOT);
    await countArcsDrawn(page);
    const search = page.getByPlaceholder('Search by name...');
    await search.fill('mARIGOLD vANTA');
    await search.press('Enter');
    await poll(() => page.locator('[data-match-name]').allTextContents()).toEqual(['Marigold Vantablack']);
    await poll(async () => (await countPixels(page, 'relative-overlay', HIGHLIGHT_DOT, 0)).ofColour).toBeGreaterThan(
      20,
    );
    const highlighted = await dotCentres(page, 'relative-overlay', HIGHLIGHT_DOT);
    expect(highlighted).toHaveLength(1);
    // The match lies over its own dot of the plot beneath, which was left as drawn.
    expect(crowd.some((dot) => Math.hypot(dot.x - highlighted[0]!.x, dot.y - highlighted[0]!.y) < 1)).toBe(true);
    await expect(arcsDrawn(page)).resolves.toEqual({ relative: 0, 'relative-overlay': 1 });
    // The other plot rings the same match, over its own dot there, and the summary says so in no color's name.
    await waitForDrawing(page, 'scatter');
    await poll(async () => (await countPixels(page, 'scatter-overlay', HIGHLIGHT_DOT, 0)).ofColour).toBeGreaterThan(20);
    const beneath = await dotCentres(page, 'scatter', RESPONDENT_DOT);
    const ringed = await dotCentres(page, 'scatter-overlay', HIGHLIGHT_DOT);
    expect(ringed).toHaveLength(1);
    expect(beneath.some((dot) => Math.hypot(dot.x - ringed[0]!.x, dot.y - ringed[0]!.y) < 1)).toBe(true);
    await expect(page.locator('[data-search-summary]').textContent()).resolves.toBe(
      '1 respondent matches “mARIGOLD vANTA”, ringed on both plots.',
    );
    await canvasOf(page, 'relative').click({ position: highlighted[0]! });
    await poll(() => pickedText(page, 'relative').locator('span').textContent()).toBe('Marigold Vantablack');

    // The Search button does the same, and a search can find markup as text.
    await search.fill('<IMG SRC');
    await page.getByRole('button', { name: 'Search' }).click();
    await poll(() => page.locator('[data-match-name]').allTextContents()).toEqual([SCRIPTED]);
    await expect(page.locator('main img').count()).resolves.toBe(0);
    expect(dialogs).toEqual([]);
    await page.context().close();
  });

  it('says "No matching name found." when no name matches, and highlights nothing', async () => {
    const { page, dialogs } = await openHehe(product.browser, product.app.url);
    await unlock(page);
    const search = page.getByPlaceholder('Search by name...');
    await search.fill('Zebedee');
    await search.press('Enter');
    await poll(() => page.getByRole('alert').textContent()).toBe('No matching name found.');
    await expect(search.getAttribute('aria-describedby')).resolves.toBe(
      await page.getByRole('alert').getAttribute('id'),
    );
    expect(dialogs).toEqual([]);
    await expect(page.locator('[data-match-name]').count()).resolves.toBe(0);
    expect((await countPixels(page, 'relative-overlay', HIGHLIGHT_DOT, 0)).ofColour).toBe(0);
    await page.context().close();
  });
  it('has its own title, and a level 1 heading while locked', async () => {
    const { page } = await openHehe(product.browser, product.app.url);
    expect(await page.title()).toBe('Secret Insights – Map your Contradictions');
    await expect(page.getByRole('heading', { level: 1 }).allTextContents()).resolves.toEqual(['Secret Insights']);
    await page.context().close();
  });

  it('shows placeholders at 4.5:1 or more on their fields, and the search under a visible label', async () => {
    const { page } = await openHehe(product.browser, product.app.url);
    const colors = (selector: string) =>
      page.evaluate((sel) => {
        const field = document.querySelector(sel)!;
        // The canvas turns any CSS color into rgb(a) numbers.
        const rgb = (css: string) => {
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.fillStyle = css;
          ctx.fillRect(0, 0, 1, 1);
          const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
          return `rgb(${r}, ${g}, ${b})`;
        };
        return {
          text: rgb(getComputedStyle(field, '::placeholder').color),
          field: rgb(getComputedStyle(field).backgroundColor),
        };
      }, selector);
    const gate = await colors('#hehe-password');
    expect(contrast(gate.text, gate.field)).toBeGreaterThanOrEqual(4.5);
    await unlock(page);
    const search = await colors('#hehe-search');
    expect(contrast(search.text, search.field)).toBeGreaterThanOrEqual(4.5);
    const label = page.locator('label[for="hehe-search"]');
    await expect(label.isVisible()).resolves.toBe(true);
    await expect(label.textContent()).resolves.toBe('Search by name');
    await page.context().close();
  });

  it('announces a search by its summary alone, not by every name it found', async () => {
    const { page } = await openHehe(product.browser, product.app.url);
    await unlock(page);
    const search = page.getByPlaceholder('Search by name...');
    await search.fill('a');
    await search.press('Enter');
    await poll(() => page.locator('[data-match-name]').count()).toBeGreaterThan(1);
    const live = await page.evaluate(() =>
      [...document.querySelectorAll('main [aria-live], main [role="alert"]')].map((el) => el.textContent ?? ''),
    );
    const names = await page.locator('[data-match-name]').allTextContents();
    expect(live.some((text) => /respondents match “a”/.test(text))).toBe(true);
    for (const name of names)
      expect(
        live.some((text) => text.includes(name)),
        name,
      ).toBe(false);
    await page.context().close();
  });

  it('takes the keyboard from dot to dot with the arrow keys, naming each respondent and ringing the dot', async () => {
    const { page } = await openHehe(product.browser, product.app.url);
    await unlock(page);
    const plot = page.getByRole('application', { name: /^Scatterplot: All respondents\./ });
    // Reached with Tab, as any control.
    await page.getByRole('heading', { name: 'All respondents' }).click();
    await poll(async () => {
      await page.keyboard.press('Tab');
      return plot.evaluate((el) => el === document.activeElement);
    }).toBe(true);
    const positions = respondents.map((r) => r.position);
    const expected: string[] = [];
    let at: number | null = null;
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowUp'] as const) {
      const direction = ({ ArrowRight: 'right', ArrowLeft: 'left', ArrowUp: 'up' } as const)[key];
      at = stepDot(positions, at, direction) ?? at;
      expected.push(respondents[at!]!.name ?? 'Anonymous');
    }
    const shown: string[] = [];
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowUp']) {
      await page.keyboard.press(key);
      const name = page.locator('[data-picked="scatter"] span');
      await poll(() => name.textContent()).toBe(expected[shown.length]);
      shown.push((await name.textContent()) ?? '');
    }
    expect(shown).toEqual(expected);
    // The picked dot is ringed, on the plot's overlay, around its own dot: the ring's pixels center on it.
    const ringOf = () =>
      page.evaluate((hex) => {
        const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-chart="scatter-overlay"]')!;
        const { data, width } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        const n = Number.parseInt(hex.slice(1), 16);
        let [sx, sy, count] = [0, 0, 0];
        for (let i = 0; i < data.length; i += 4) {
          if (data[i] !== ((n >> 16) & 255) || data[i + 1] !== ((n >> 8) & 255) || data[i + 2] !== (n & 255)) continue;
          if (data[i + 3] !== 255) continue;
          sx += (i / 4) % width;
          sy += Math.floor(i / 4 / width);
          count += 1;
        }
        const scale = canvas.getBoundingClientRect().width / width;
        return { count, x: (sx / count) * scale, y: (sy / count) * scale };
      }, PALETTE.marks.picked);
    await poll(async () => (await ringOf()).count).toBeGreaterThan(40);
    const ring = await ringOf();
    const crowd = await dotCentres(page, 'scatter', RESPONDENT_DOT);
    expect(crowd.some((dot) => Math.hypot(dot.x - ring.x, dot.y - ring.y) < 2)).toBe(true);
    await page.context().close();
  });
});
