/**
 * The colors the charts draw with in each color scheme, against what they
 * are drawn on (the results charts' painted background, the page under the
 * aggregate charts): text at 4.5:1 or more (WCAG 1.4.3), marks at 3:1 or
 * more (1.4.11). tests/core/palette-contrast.test.ts keeps the colors the
 * page shares with the charts equal to the CSS tokens.
 */
import { describe, expect, it } from 'vitest';
import { contrast } from '../../src/charts/contrast.ts';
import { cellColor, cellInk, type HeatmapCell } from '../../src/charts/insights/heatmap.ts';
import { crowdedDot } from '../../src/charts/insights/scatter.ts';
import { CHART_PALETTES } from '../../src/charts/palette.ts';
import { VALUES } from '../../src/core/values.ts';
import type { Scheme } from '../../src/styles/scheme-colors.ts';

function below(limit: number, pairs: [string, string][]): string[] {
  return pairs.flatMap(([color, under]) => {
    const ratio = contrast(color, under);
    return ratio < limit ? [`${color} on ${under}: ${ratio.toFixed(2)}:1`] : [];
  });
}

const onEach = (colors: readonly string[], backgrounds: readonly string[]) =>
  colors.flatMap((c) => backgrounds.map((b): [string, string] => [c, b]));

describe.each(Object.keys(CHART_PALETTES) as Scheme[])('the %s chart palette', (scheme) => {
  const palette = CHART_PALETTES[scheme];
  /** Every background a chart's ink lands on. */
  const backgrounds = [palette.background, ...palette.page];

  it('writes text at 4.5:1 or more on every chart background', () => {
    const texts = [
      palette.ink.text,
      palette.ink.muted,
      palette.ink.highlight,
      // The names beside the friend's triangle and the earlier results are painted in their marks' colors.
      palette.marks.friend,
      palette.marks.trail,
      ...VALUES.map((v) => palette.values[v].bright),
    ];
    expect(below(4.5, onEach(texts, backgrounds))).toEqual([]);
  });

  it('draws every mark, each value bright and dark and the other marks, at 3:1 or more on every chart background', () => {
    const marks = [
      ...VALUES.flatMap((v) => [palette.values[v].bright, palette.values[v].dark]),
      ...Object.values(palette.marks),
    ];
    expect(below(3, onEach(marks, backgrounds))).toEqual([]);
  });

  it('draws the average darker than the visitor, as the caption says ("Bright bars", "Dark bars")', () => {
    // Against black, the lighter color stands out more.
    const lightness = (color: string) => contrast(color, '#000000');
    for (const v of VALUES) {
      expect(lightness(palette.values[v].bright), v).toBeGreaterThan(lightness(palette.values[v].dark) * 1.4);
    }
  });

  it("draws a crowded plot's lone dot at 3:1 or more on the page", () => {
    expect(below(3, onEach([crowdedDot(palette)], palette.page))).toEqual([]);
  });

  it("writes a heatmap cell's numbers at 4.5:1 or more at every strength of every pair's color", () => {
    const low: string[] = [];
    for (const value of VALUES) {
      for (let count = 0; count <= 300; count++) {
        const cell: HeatmapCell = { x: '', y: '', v: count, share: 0, pair: [value, value] };
        const fill = cellColor(cell, 300, palette);
        const ink = cellInk(fill, count === 0, palette);
        // Over the background the heatmap paints under its cells.
        const ratio = contrast(ink, fill, palette.background);
        if (ratio < 4.5) low.push(`${value} ${count}/300: ${ink} on ${fill}: ${ratio.toFixed(2)}:1`);
      }
    }
    expect(low.slice(0, 5)).toEqual([]);
  });
});
