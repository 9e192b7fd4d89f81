import { describe, expect, it } from 'vitest';
import { cellColor, cellStrength, quadrantHeatmap, type HeatmapCell } from '../../src/charts/insights/heatmap.ts';
import { CHART_FONT_FAMILY, CHART_PALETTES } from '../../src/charts/palette.ts';
import type { QuadrantCounts } from '../../src/lib/api.ts';

/** The quadrants as about 300 respondents leave them with the split at 0.5: one cell holds most of each row. */
const SKEWED: QuadrantCounts[] = [
  { pair: ['love', 'honor'], high_high: 0, high_low: 12, low_high: 22, low_low: 266 },
  { pair: ['love', 'reason'], high_high: 1, high_low: 11, low_high: 30, low_low: 258 },
  { pair: ['honor', 'duty'], high_high: 1, high_low: 21, low_high: 49, low_low: 229 },
  { pair: ['duty', 'reason'], high_high: 0, high_low: 50, low_high: 31, low_low: 219 },
];

const alphaOf = (rgba: string) => Number(/,\s*([\d.]+)\)$/.exec(rgba)?.[1]);

describe('the quadrant heatmap', () => {
  const config = quadrantHeatmap(SKEWED);
  const cells = config.data.datasets[0]!.data as HeatmapCell[];

  it("gives each cell its count and its share of the row's respondents", () => {
    expect(cells).toHaveLength(16);
    const lowLow = cells.find((c) => c.pair[0] === 'love' && c.pair[1] === 'honor' && c.x === 'both low')!;
    expect(lowLow.v).toBe(266);
    expect(lowLow.share).toBeCloseTo(266 / 300, 12);
    const one = cells.find((c) => c.pair[0] === 'love' && c.pair[1] === 'reason' && c.x === 'both high')!;
    expect(one.v).toBe(1);
    expect(one.share).toBeCloseTo(1 / 300, 12);
  });

  it('paints 0 with no colour, and tells 1 from 0 and from the largest cell', () => {
    const zero = cells.find((c) => c.v === 0)!;
    const one = cells.find((c) => c.v === 1)!;
    const largest = cells.find((c) => c.v === 266)!;
    expect(cellColor(zero, 266, CHART_PALETTES.light)).toBe(CHART_PALETTES.light.emptyCell);
    expect(cellStrength(0, 266)).toBe(0);
    expect(cellStrength(266, 266)).toBe(1);
    const a1 = alphaOf(cellColor(one, 266));
    const a266 = alphaOf(cellColor(largest, 266));
    expect(a1).toBeGreaterThan(0.3);
    expect(a266 - a1).toBeGreaterThan(0.5);
    // A cell of 12 is no longer lost among ones of 266, as on a linear scale (12/266 = 0.05).
    expect(cellStrength(12, 266)).toBeGreaterThan(0.4);
  });

  it("labels its axes in the site's serif", () => {
    const scales = config.options!.scales as Record<'x' | 'y', { ticks: { font: { family: string } } }>;
    expect(scales.x.ticks.font.family).toBe(CHART_FONT_FAMILY);
    expect(scales.y.ticks.font.family).toBe(CHART_FONT_FAMILY);
  });

  it('writes a count as the table beside it does, with its thousands grouped', () => {
    const big = quadrantHeatmap([{ pair: ['love', 'honor'], high_high: 1629, high_low: 0, low_high: 0, low_low: 0 }]);
    const cell = (big.data.datasets[0]!.data as HeatmapCell[]).find((c) => c.v === 1629)!;
    const written: string[] = [];
    const ctx = new Proxy(
      { fillText: (text: string) => written.push(text) },
      { get: (target, key) => (key in target ? target[key as 'fillText'] : () => {}), set: () => true },
    );
    const chart = {
      ctx,
      data: big.data,
      getDatasetMeta: () => ({
        data: big.data.datasets[0]!.data.map(() => ({ getProps: () => ({ x: 0, y: 0, width: 80, height: 80 }) })),
      }),
    };
    for (const plugin of big.plugins ?? []) {
      (plugin.afterDatasetsDraw as ((c: unknown) => void) | undefined)?.(chart);
    }
    expect(written).toContain('1,629');
    expect(written).not.toContain('1629');
    const tooltip = big.options!.plugins!.tooltip!.callbacks!.label as (item: { raw: HeatmapCell }) => string;
    expect(tooltip({ raw: cell })).toContain('1,629');
  });
});
