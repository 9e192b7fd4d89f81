/**
 * The colors the charts draw with, against what they are drawn on (the
 * results charts' painted background, the page under the aggregate charts):
 * text at 4.5:1 or more (WCAG 1.4.3), marks at 3:1 or more (1.4.11). The
 * page's colors are read from the CSS tokens, so the two cannot drift.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast } from '../../src/charts/contrast.ts';
import { cellColor, cellInk, type HeatmapCell } from '../../src/charts/insights/heatmap.ts';
import { CROWDED_ALPHA, RESPONDENT_DOT } from '../../src/charts/insights/scatter.ts';
import { withAlpha } from '../../src/charts/insights/color.ts';
import { CHART_BACKGROUND, CHART_INK, CHART_MARKS, PAGE_BACKGROUNDS, VALUE_COLORS } from '../../src/charts/palette.ts';
import { VALUES } from '../../src/core/values.ts';

const css = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8');
const token = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];

/** Every background a chart's ink lands on. */
const BACKGROUNDS = [CHART_BACKGROUND, ...PAGE_BACKGROUNDS];

function below(limit: number, pairs: [string, string][]): string[] {
  return pairs.flatMap(([color, under]) => {
    const ratio = contrast(color, under);
    return ratio < limit ? [`${color} on ${under}: ${ratio.toFixed(2)}:1`] : [];
  });
}

describe('the chart palette', () => {
  it("names the page's own backgrounds, as the CSS tokens hold them", () => {
    expect(PAGE_BACKGROUNDS[0]).toBe(token('bg'));
    expect(PAGE_BACKGROUNDS[1]).toBe(token('glow'));
    expect(css).toContain('radial-gradient(ellipse at top, var(--glow) 0%, var(--bg) 60%)');
    expect(CHART_BACKGROUND).toBe(token('bg-raised'));
  });

  it('writes text at 4.5:1 or more on every chart background', () => {
    const texts = [CHART_INK.text, CHART_INK.muted, CHART_INK.highlight, ...VALUES.map((v) => VALUE_COLORS[v].bright)];
    expect(
      below(
        4.5,
        texts.flatMap((t) => BACKGROUNDS.map((b): [string, string] => [t, b])),
      ),
    ).toEqual([]);
  });

  it('draws every mark, each value bright and dark and the other marks, at 3:1 or more on every chart background', () => {
    const marks = [
      ...VALUES.flatMap((v) => [VALUE_COLORS[v].bright, VALUE_COLORS[v].dark]),
      ...Object.values(CHART_MARKS),
    ];
    expect(
      below(
        3,
        marks.flatMap((m) => BACKGROUNDS.map((b): [string, string] => [m, b])),
      ),
    ).toEqual([]);
  });

  it("draws a crowded plot's lone dot at 3:1 or more on the page", () => {
    const dot = withAlpha(RESPONDENT_DOT, CROWDED_ALPHA);
    expect(
      below(
        3,
        PAGE_BACKGROUNDS.map((b): [string, string] => [dot, b]),
      ),
    ).toEqual([]);
  });

  it("writes a heatmap cell's numbers at 4.5:1 or more at every strength of every pair's color", () => {
    const low: string[] = [];
    for (const value of VALUES) {
      for (let count = 0; count <= 300; count++) {
        const cell: HeatmapCell = { x: '', y: '', v: count, share: 0, pair: [value, value] };
        const fill = cellColor(cell, 300);
        const ink = cellInk(fill, count === 0);
        // Over the background the heatmap paints under its cells.
        const ratio = contrast(ink, fill, CHART_BACKGROUND);
        if (ratio < 4.5) low.push(`${value} ${count}/300: ${ink} on ${fill}: ${ratio.toFixed(2)}:1`);
      }
    }
    expect(low.slice(0, 5)).toEqual([]);
  });
});
