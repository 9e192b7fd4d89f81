/**
 * What a first visitor reads on the results screen is right: one scale for
 * one value on one screen, a shared result that never calls its person
 * "you", the chart explained in its overlay, and the visitor's dot never
 * hidden under a name.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHART_PALETTES } from '../../src/charts/palette.ts';
import { QUESTIONS } from '../../src/core/questions.ts';
import { positionOf, resultPosition } from '../../src/core/scoring.ts';
import { readFigureFiles } from '../../src/figures/files.ts';
import { seededRandom } from '../support/random-answers.ts';
import { RESULT_DENOMINATORS, SAVED_DENOMINATORS } from '../../src/core/values.ts';
import { useProduct } from '../support/chromium/product.ts';
import { dotCentres } from '../support/chromium/insights-page.ts';
import { POLL, storedRespondents, visitorOn } from '../support/chromium/quiz-driver.ts';
import { PATH_A, PATH_B, expectedPercentages, totalsFor } from '../support/visitor.ts';

const CODE_B = PATH_B.join('');

// The browser's contexts state no preference, which draws the light palette.
const PALETTE = CHART_PALETTES.light;
const rgbOf = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const OWN_DOT = PALETTE.ink.highlight;

/**
 * Answer paths whose dot lies just right of a figure's mark, level with it:
 * where that figure's name, written to the right of its mark, would run
 * across the dot. Found from the figures as they are, so the test keeps its
 * point when their places change; each for another figure.
 */
function pathsBesideFigures(count: number): { path: number[]; figure: string }[] {
  const figures = readFigureFiles().map((f) => ({ name: f.data.name, at: positionOf(f.data.shares) }));
  const random = seededRandom(3);
  const found: { path: number[]; figure: string }[] = [];
  for (let tries = 0; tries < 500_000 && found.length < count; tries++) {
    const path = QUESTIONS.map((q) => Math.floor(random() * q.answers.length));
    const dot = resultPosition(totalsFor(path));
    const beside = figures.find(
      (f) => dot.x - f.at.x > 0.08 && dot.x - f.at.x < 0.14 && Math.abs(dot.y - f.at.y) < 0.01,
    );
    if (beside && !found.some((p) => p.figure === beside.name)) found.push({ path, figure: beside.name });
  }
  if (found.length < count) throw new Error('no answers place the dot beside a figure');
  return found;
}

/** Answers of earlier respondents, stored before the visitor arrives, so that there is an average and shares of answers. */
const EARLIER = [PATH_A, PATH_B, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], [3, 0, 4, 2, 1, 3, 0, 4, 2, 1, 2, 0]];

/**
 * Every text of the results screen a visitor reads or hears (its visible
 * text, labels, captions), but the invitations addressed to the visitor and
 * the quiz's questions quoted, whose "you" is whoever answers.
 */
async function readableTexts(page: Page): Promise<string[]> {
  return page.locator('section[aria-labelledby="quiz-results-title"]').evaluate((section) => {
    const copy = section.cloneNode(true) as HTMLElement;
    for (const invite of copy.querySelectorAll('[data-invite], [data-quoted]')) invite.remove();
    const texts = [...copy.querySelectorAll('*')].flatMap((el) =>
      ['aria-label', 'alt', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? '').filter(Boolean),
    );
    // textContent of the copy reads hidden captions (the table's) as well.
    const blocks = [...copy.querySelectorAll('h1, h2, h3, p, li, figcaption, caption, th, td, label, button, a')].map(
      (el) => el.textContent ?? '',
    );
    return [...blocks, ...texts];
  });
}

describe('reading the results', () => {
  const product = useProduct();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    for (const path of EARLIER) {
      const answers = path.map((a, q) => ({
        question_id: QUESTIONS[q]!.id,
        answer_text: QUESTIONS[q]!.answers[a]!.text,
      }));
      const res = await product.app.rpc('submit_response', { submission_id: crypto.randomUUID(), name: null, answers });
      expect(res.status).toBe(200);
    }
  });
  beforeEach(async () => {
    context = await product.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterEach(async () => context?.close());

  it('shows Reason as the same percentage in the list and in the comparison, and the average on that scale', async () => {
    const reason = totalsFor(PATH_A).reason;
    // The two readings of Reason differ for this path: the test would see a chart drawn on the saved scale.
    expect(reason / RESULT_DENOMINATORS.reason).not.toBeCloseTo(reason / SAVED_DENOMINATORS.reason, 3);
    const visitor = visitorOn(page);
    await visitor.openQuiz(product.app.url);
    await visitor.startWithName('Ada');
    await visitor.answer(PATH_A);
    await visitor.onResults();
    const listed = (await page.locator('li[data-value="reason"]').innerText()).match(/(\d+\.\d%)\s*$/)?.[1];
    expect(listed).toBe(expectedPercentages(PATH_A).reason);

    const chart = page.getByRole('region', { name: 'How Do You Compare?' }).locator('canvas[data-chart="compare"]');
    await chart.waitFor();
    const label = (await chart.getAttribute('aria-label')) ?? '';
    const charted = /Reason: you (\d+\.\d%), average (\d+\.\d%)/.exec(label);
    expect(charted?.[1], label).toBe(listed);

    // The average of everyone stored (the visitor too), each Reason over the results page's 15.
    const rows = await storedRespondents(product.app);
    expect(rows).toHaveLength(EARLIER.length + 1);
    const mean = rows.reduce((sum, r) => sum + r.raw.reason, 0) / rows.length;
    expect(charted?.[2]).toBe(`${((mean / RESULT_DENOMINATORS.reason) * 100).toFixed(1)}%`);

    // And it says what a percentage is a share of, and that the four are no parts of one whole.
    const caption = await page.getByRole('region', { name: 'How Do You Compare?' }).locator('figcaption').innerText();
    expect(caption).toContain('of the most you could score in Love');
    expect(caption).toContain('do not add up to 100%');
  });

  it('names the person on a shared result in every heading, caption, label and table, and never calls them "you"', async () => {
    await page.goto(`${product.app.url}/?r=${CODE_B}&n=Bea`);
    await page.getByRole('heading', { level: 1, name: 'Bea’s map' }).waitFor();
    const compare = page.getByRole('region', { name: 'How Does Bea Compare?' });
    await compare.locator('canvas[data-chart="compare"]').waitFor();
    await page.getByRole('region', { name: 'How others answered' }).waitFor();
    await page.getByRole('region', { name: 'Figures Near Bea' }).waitFor();

    const texts = await readableTexts(page);
    const saysYou = texts.filter((t) => /\byou(r|rs|rself)?\b/i.test(t));
    expect(saysYou).toEqual([]);
    expect(await compare.locator('figcaption').innerText()).toMatch(
      /^Bright bars: Bea\. Dark bars: the average of \d+ responses\./,
    );
    expect(await compare.locator('canvas').getAttribute('aria-label')).toMatch(/^Bea’s values against the average/);
    expect(await page.getByRole('list', { name: 'Bea’s values' }).count()).toBe(1);
    expect(await page.locator('[data-share]').count()).toBeGreaterThan(0);
    expect(
      await page.getByRole('region', { name: 'How others answered' }).getByRole('listitem').first().innerText(),
    ).toMatch(/chose the same as Bea\.$/);
    // The visitor's own earlier results have no place beside someone else's map.
    expect(await page.getByRole('region', { name: 'Your map over time' }).count()).toBe(0);

    // Its explanation speaks of Bea's chart too.
    await page.getByRole('button', { name: 'What does this mean?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Understanding Bea’s Chart' });
    const guide = dialog.getByRole('region', { name: 'How to read Bea’s chart' });
    expect(await guide.innerText()).not.toMatch(/\byou(r|rs|rself)?\b/i);
    expect(await guide.innerText()).toContain('How Does Bea Compare?');
    await dialog.getByRole('button', { name: 'close.' }).click();
    await dialog.waitFor({ state: 'detached' });

    // What needs the visitor's own answers says so, and offers the quiz.
    const next = page.getByRole('navigation', { name: 'What next' });
    expect(await next.innerText()).toContain('A map of your own needs your own answers');
    await next.getByRole('button', { name: 'Take the quiz' }).click();
    await page.getByPlaceholder("What's your name?").waitFor();
  });

  it('opens "Understanding Your Chart" with how to read the chart, then the essays', async () => {
    const visitor = visitorOn(page);
    await visitor.openQuiz(product.app.url);
    await visitor.startWithName('123');
    await visitor.answer(PATH_B);
    await visitor.onResults();
    await page.getByRole('button', { name: 'What does this mean?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Understanding Your Chart' });
    await dialog.waitFor();
    const guide = dialog.getByRole('region', { name: 'How to read your chart' });
    const text = await guide.innerText();
    for (const part of ['The dot', 'The axes', 'The four quarters', 'The percentages']) expect(text).toContain(part);
    expect(text).toContain('Up is Love and down is Duty');
    // The dot is black on the light page and white on the dark one: the guide names it by its shape.
    expect(text).toContain('The large round dot is where your twelve answers place you.');
    expect(text).not.toMatch(/\b(white|black)\b/i);
    // Under the overlay's title, the guide comes first, the four essays after it.
    const headings = await dialog.locator('h2').allInnerTexts();
    expect(headings.slice(0, 6)).toEqual([
      'Understanding Your Chart',
      'How to read your chart',
      'Love',
      'Duty',
      'Honor',
      'Reason',
    ]);
  });

  it("keeps both dots of a comparison in sight when they lie close: no name over the visitor's dot or the friend's triangle", async () => {
    // A friend whose dot lies about two dot-widths right of the visitor's, level with it: where "You" and the name collide.
    const own = resultPosition(totalsFor(PATH_A));
    const random = seededRandom(11);
    let friendPath: number[] | null = null;
    for (let tries = 0; tries < 500_000 && !friendPath; tries++) {
      const path = QUESTIONS.map((q) => Math.floor(random() * q.answers.length));
      const at = resultPosition(totalsFor(path));
      if (at.x - own.x > 0.08 && at.x - own.x < 0.14 && Math.abs(at.y - own.y) < 0.02) friendPath = path;
    }
    expect(friendPath).not.toBeNull();
    await page.goto(`${product.app.url}/?r=${PATH_A.join('')}&n=Sam&f=${friendPath!.join('')}&fn=Bea`);
    await page.getByRole('heading', { level: 1, name: 'Sam and Bea' }).waitFor();
    const chart = page.locator('canvas[data-chart="result"]');
    await expect.poll(() => chart.evaluate((c) => JSON.parse(c.dataset.labels ?? '[]').length), POLL).toBe(2);
    await page.getByRole('checkbox', { name: 'Show figures from literature' }).check();
    await expect
      .poll(() => chart.evaluate((c) => JSON.parse(c.dataset.labels ?? '[]').length), POLL)
      .toBeGreaterThan(5);
    const { labels, guarded } = await chart.evaluate((c) => ({
      labels: JSON.parse(c.dataset.labels ?? '[]') as {
        text: string;
        left: number;
        top: number;
        right: number;
        bottom: number;
      }[],
      guarded: JSON.parse(c.dataset.guarded ?? '[]') as { px: number; py: number; radius: number }[],
    }));
    expect(labels.map((l) => l.text).slice(0, 2)).toEqual(['Sam', 'Bea']);
    expect(guarded).toHaveLength(2);
    // The marks are where the pixels say: the visitor's dot, the friend's triangle, each in its colour.
    const colourAt = (x: number, y: number) =>
      chart.evaluate(
        (c: HTMLCanvasElement, { x, y }) => {
          const scale = c.width / c.getBoundingClientRect().width;
          return [...c.getContext('2d')!.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data].slice(
            0,
            3,
          );
        },
        { x, y },
      );
    expect(await colourAt(guarded[0]!.px, guarded[0]!.py)).toEqual(rgbOf(OWN_DOT));
    expect(await colourAt(guarded[1]!.px, guarded[1]!.py + 3)).toEqual(rgbOf(PALETTE.marks.friend));
    const covering = labels.flatMap((l) =>
      guarded
        .filter(
          (g) =>
            l.left < g.px + g.radius &&
            l.right > g.px - g.radius &&
            l.top < g.py + g.radius &&
            l.bottom > g.py - g.radius,
        )
        .map((g) => `${l.text} over the mark at ${Math.round(g.px)},${Math.round(g.py)}`),
    );
    expect(covering).toEqual([]);
  });

  for (const { path, figure } of pathsBesideFigures(2)) {
    it(`keeps the visitor's dot in sight with the figures on (dot just right of ${figure})`, async () => {
      const visitor = visitorOn(page);
      await visitor.openQuiz(product.app.url);
      await visitor.startWithName('123');
      await visitor.answer(path);
      await visitor.onResults();
      const chart = page.locator('canvas[data-chart="result"]');
      await expect.poll(() => page.getByRole('button', { name: 'Save image' }).isEnabled(), POLL).toBe(true);
      await page.getByRole('checkbox', { name: 'Show figures from literature' }).check();
      await expect
        .poll(() => chart.evaluate((c) => JSON.parse(c.dataset.labels ?? '[]').length), POLL)
        .toBeGreaterThan(5);
      // The list under the chart speaks in the results screen's percentages, not in fractions of 1.
      const listed = await page
        .getByRole('list', { name: 'Figures on the chart' })
        .getByRole('listitem')
        .allInnerTexts();
      expect(listed.length).toBeGreaterThan(5);
      for (const line of listed) expect(line).toMatch(/(by \d+\.\d percentage points|even)$/);
      expect(listed.join('\n')).not.toMatch(/by 0\.\d/);

      // The visitor's dot as drawn: the one disc of its colour on the chart.
      const [dot, ...others] = await dotCentres(page, 'result', OWN_DOT);
      expect(others).toEqual([]);
      const boxes = await chart.evaluate(
        (c) =>
          JSON.parse(c.dataset.labels ?? '[]') as {
            text: string;
            left: number;
            top: number;
            right: number;
            bottom: number;
          }[],
      );
      // The dot's radius with its ring (9 + 2), in CSS pixels.
      const RING = 11;
      const covering = boxes.filter(
        (b) => b.left < dot!.x + RING && b.right > dot!.x - RING && b.top < dot!.y + RING && b.bottom > dot!.y - RING,
      );
      expect(covering).toEqual([]);

      // And its pixels: its colour all over its inner disc, no letter or outline painted on it.
      const covered = await chart.evaluate(
        (c: HTMLCanvasElement, { x, y, ink }) => {
          const scale = c.width / c.getBoundingClientRect().width;
          const r = 7 * scale;
          const { data } = c
            .getContext('2d')!
            .getImageData(Math.round(x * scale - r), Math.round(y * scale - r), Math.round(2 * r), Math.round(2 * r));
          let other = 0;
          const side = Math.round(2 * r);
          for (let j = 0; j < side; j++) {
            for (let i = 0; i < side; i++) {
              if (Math.hypot(i - r, j - r) > r - 1) continue;
              const k = (j * side + i) * 4;
              if ([0, 1, 2].some((n) => Math.abs(data[k + n]! - ink[n]!) > 5)) other += 1;
            }
          }
          return other;
        },
        { ...dot!, ink: rgbOf(OWN_DOT) },
      );
      expect(covered).toBe(0);
    });
  }
});
