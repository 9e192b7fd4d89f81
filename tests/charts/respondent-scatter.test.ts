import { describe, expect, it } from 'vitest';
import type { Chart, ChartEvent } from 'chart.js';
import { drawsInChunks } from '../../src/charts/insights/crowd-dots.ts';
import { matchesOverlay, respondentScatter, type PickedDot } from '../../src/charts/insights/scatter.ts';
import type { Position } from '../../src/core/scoring.ts';

/** A plot of 200 × 200 pixels, -1 to 1 on both axes, y up: where Chart.js would draw a value. */
const PLOT = {
  scales: {
    x: { getPixelForValue: (value: number) => (value + 1) * 100 },
    y: { getPixelForValue: (value: number) => (1 - value) * 100 },
  },
} as unknown as Chart;

/** What the chart's click handler reports for a click at pixel (x, y). */
function click(config: ReturnType<typeof respondentScatter>, x: number, y: number): void {
  const onClick = config.options?.onClick;
  if (typeof onClick !== 'function') throw new Error('the scatter has no click handler');
  onClick.call(PLOT, { type: 'click', x, y } as ChartEvent, [], PLOT);
}

describe('respondentScatter', () => {
  const positions: Position[] = [
    { x: 0.5, y: 0.1 },
    { x: -0.75, y: 0.2 },
    { x: 0.5, y: 0.3 },
    { x: 1, y: -1 },
    { x: -1, y: 0.4 },
    { x: 0, y: 0 },
  ];

  it('hands Chart.js none of the crowd, whose dots it paints itself in slices', () => {
    const config = respondentScatter({ positions });
    expect(config.data.datasets[0]!.data).toEqual([]);
    expect(config.plugins?.some(drawsInChunks)).toBe(true);
  });

  it('hands Chart.js the matches sorted by x, ties in their input order', () => {
    const data = matchesOverlay(positions).data.datasets[0]!.data;
    expect(data).toEqual([
      { x: -1, y: 0.4 },
      { x: -0.75, y: 0.2 },
      { x: 0, y: 0 },
      { x: 0.5, y: 0.1 },
      { x: 0.5, y: 0.3 },
      { x: 1, y: -1 },
    ]);
  });

  it('sorts thousands of dots exactly as a comparator sort would', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const many = Array.from({ length: 5000 }, () => ({ x: Math.round(random() * 68) / 68, y: random() }));
    const expected = many
      .map((p, i) => ({ p, i }))
      .sort((a, b) => a.p.x - b.p.x || a.i - b.i)
      .map(({ p }) => p);
    expect(matchesOverlay(many).data.datasets[0]!.data).toEqual(expected);
  });

  it('reports a clicked dot by its index in the input, a match over the crowd', () => {
    const picked: PickedDot[] = [];
    let matches: Position[] = [];
    const config = respondentScatter({ positions, highlighted: () => matches, onPick: (dot) => picked.push(dot) });
    // On (0.5, 0.1), input 0, a pixel off; on (-0.75, 0.2), input 1.
    click(config, 151, 90);
    click(config, 25, 80);
    // Matches come later, without a new chart; the click reads them then.
    matches = [
      { x: 0.2, y: 0 },
      { x: -0.2, y: 0 },
    ];
    // At (-0.2, 0), drawn at pixel (80, 100), over a crowd dot: the match wins.
    click(config, 83, 104);
    // On (0, 0), 20 pixels from either match: beyond a match's radius and border, so the crowd dot there.
    click(config, 100, 100);
    // 7 pixels from (0, 0): beyond a crowd dot's radius and the pixel Chart.js adds, so nothing.
    click(config, 107, 100);
    click(config, 20, 20);
    expect(picked).toEqual([
      { layer: 'respondents', index: 0 },
      { layer: 'respondents', index: 1 },
      { layer: 'highlighted', index: 1 },
      { layer: 'respondents', index: 5 },
    ]);
  });

  it('draws the matches over the plot on the same axes, unseen, and nothing of the crowd', () => {
    const overlay = matchesOverlay([
      { x: 0.2, y: 0 },
      { x: -0.2, y: 0.5 },
    ]);
    // The matches, and no picked dot yet.
    expect(overlay.data.datasets.map((d) => d.data)).toEqual([
      [
        { x: -0.2, y: 0.5 },
        { x: 0.2, y: 0 },
      ],
      [],
    ]);
    expect(matchesOverlay([], { x: 0.3, y: -0.1 }).data.datasets.map((d) => d.data)).toEqual([
      [],
      [{ x: 0.3, y: -0.1 }],
    ]);
    const plot = respondentScatter({ positions });
    for (const axis of ['x', 'y'] as const) {
      const [over, under] = [overlay.options?.scales?.[axis], plot.options?.scales?.[axis]];
      // The same layout: range, title text and size, tick steps.
      expect(over).toMatchObject({
        min: under?.min,
        max: under?.max,
        title: { text: (under?.title as { text: string }).text, font: { size: 13 } },
      });
      expect(JSON.stringify([over?.title?.color, over?.ticks?.color, over?.grid?.color, over?.border?.color])).toBe(
        JSON.stringify(['transparent', 'transparent', 'transparent', 'transparent']),
      );
    }
    expect(overlay.options?.events).toEqual([]);
  });

  it('draws a crowd of more than a thousand smaller and translucent', () => {
    const crowd = Array.from({ length: 1001 }, (_, i) => ({ x: i / 1001, y: 0 }));
    expect(respondentScatter({ positions }).data.datasets[0]!.pointRadius).toBe(5);
    expect(respondentScatter({ positions: crowd }).data.datasets[0]!.pointRadius).toBe(2);
  });
});
