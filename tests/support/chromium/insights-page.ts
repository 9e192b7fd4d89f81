/**
 * Helpers of the /insights and /hehe tests: respondents whose dots are far
 * apart, and readings of what a chart's canvas really shows.
 */
import type { Page } from 'playwright-core';
import { resultPosition, scoreChoices, type AnswerChoice, type Position } from '../../../src/core/scoring.ts';
import { randomChoices, seededRandom } from '../random-answers.ts';
import type { RunningApp } from './app.ts';

export interface Respondent {
  name: string | null;
  answers: AnswerChoice[];
  /** Where the full scatterplot places the dot. */
  position: Position;
}

/**
 * `names.length` answer sets whose dots lie at least `gap` apart along x on
 * the full scatterplot, so each dot can be found and clicked on its own.
 */
export function spreadRespondents(names: (string | null)[], gap = 0.12, seed = 7): Respondent[] {
  const random = seededRandom(seed);
  const chosen: Respondent[] = [];
  for (let tries = 0; chosen.length < names.length && tries < 100_000; tries++) {
    const answers = randomChoices(random);
    const position = resultPosition(scoreChoices(answers).raw);
    if (chosen.every((c) => Math.abs(c.position.x - position.x) >= gap)) {
      chosen.push({ name: names[chosen.length] ?? null, answers, position });
    }
  }
  if (chosen.length < names.length) throw new Error('could not spread the respondents apart');
  return chosen;
}

export async function submitAll(app: RunningApp, respondents: readonly Respondent[]): Promise<void> {
  for (const r of respondents) {
    const res = await app.rpc('submit_response', {
      submission_id: crypto.randomUUID(),
      name: r.name,
      answers: r.answers,
    });
    if (res.status !== 200) throw new Error(`submit_response answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
}

export function canvasOf(page: Page, chart: string) {
  return page.locator(`canvas[data-chart="${chart}"]`);
}

/** Scrolls to the chart, as a visitor would to see it, and waits until Chart.js has drawn all of it (its points too) and painted something there. */
export async function waitForDrawing(page: Page, chart: string): Promise<void> {
  await canvasOf(page, chart).scrollIntoViewIfNeeded();
  await page.waitForFunction((name) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`canvas[data-chart="${name}"]`);
    const ctx = canvas?.getContext('2d');
    if (!canvas?.hasAttribute('data-complete') || !ctx || canvas.width === 0) return false;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
    return false;
  }, chart);
}

/** Pixels of the canvas that are painted at all, and those of the given colour (±tolerance). */
export async function countPixels(
  page: Page,
  chart: string,
  hex?: string,
  tolerance = 6,
): Promise<{ painted: number; ofColour: number }> {
  return page.evaluate(
    ({ chart, hex, tolerance }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`canvas[data-chart="${chart}"]`)!;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const n = hex ? Number.parseInt(hex.slice(1), 16) : 0;
      const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
      let painted = 0;
      let ofColour = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3]! === 0) continue;
        painted += 1;
        if (
          hex &&
          data[i + 3]! === 255 &&
          Math.abs(data[i]! - r) <= tolerance &&
          Math.abs(data[i + 1]! - g) <= tolerance &&
          Math.abs(data[i + 2]! - b) <= tolerance
        ) {
          ofColour += 1;
        }
      }
      return { painted, ofColour };
    },
    { chart, hex, tolerance },
  );
}

/**
 * Centres of the blobs of one colour on a canvas, in CSS pixels from the
 * canvas's top left, sorted left to right: the dots as drawn.
 */
export async function dotCentres(page: Page, chart: string, hex: string): Promise<{ x: number; y: number }[]> {
  return page.evaluate(
    ({ chart, hex }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`canvas[data-chart="${chart}"]`)!;
      const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const n = Number.parseInt(hex.slice(1), 16);
      const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
      const blobs: { sx: number; sy: number; count: number }[] = [];
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          if (data[i + 3] !== 255 || data[i] !== r || data[i + 1] !== g || data[i + 2] !== b) continue;
          const near = blobs.find((c) => Math.hypot(c.sx / c.count - x, c.sy / c.count - y) < 12);
          if (near) {
            near.sx += x;
            near.sy += y;
            near.count += 1;
          } else {
            blobs.push({ sx: x, sy: y, count: 1 });
          }
        }
      }
      const scale = canvas.getBoundingClientRect().width / width;
      return blobs
        .filter((c) => c.count >= 9)
        .map((c) => ({ x: (c.sx / c.count) * scale, y: (c.sy / c.count) * scale }))
        .sort((a, b) => a.x - b.x);
    },
    { chart, hex },
  );
}
