import { describe, expect, it } from 'vitest';
import type { ActiveElement, Chart, ChartEvent } from 'chart.js';
import { respondentScatter, type PickedDot } from '../../src/charts/insights/scatter.ts';
import type { Position } from '../../src/core/scoring.ts';

/** What the chart's click handler reports for a click on point `index` of dataset `datasetIndex`. */
function click(config: ReturnType<typeof respondentScatter>, elements: { datasetIndex: number; index: number }[]): void {
  const onClick = config.options?.onClick;
  if (typeof onClick !== 'function') throw new Error('the scatter has no click handler');
  onClick.call(null as unknown as Chart, {} as ChartEvent, elements as ActiveElement[], null as unknown as Chart);
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

  it('hands Chart.js the dots sorted by x, ties in their input order', () => {
    const data = respondentScatter({ positions }).data.datasets[0]!.data;
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
    const expected = many.map((p, i) => ({ p, i })).sort((a, b) => a.p.x - b.p.x || a.i - b.i).map(({ p }) => p);
    expect(respondentScatter({ positions: many }).data.datasets[0]!.data).toEqual(expected);
  });

  it('reports a clicked dot by its index in the input, a match over the crowd', () => {
    const picked: PickedDot[] = [];
    const config = respondentScatter({ positions, highlighted: [{ x: 0.2, y: 0 }, { x: -0.2, y: 0 }], onPick: (dot) => picked.push(dot) });
    // Sorted, the crowd's 4th dot (x 0.5, y 0.1) is input 0; the 2nd (x -0.75) is input 1.
    click(config, [{ datasetIndex: 0, index: 3 }]);
    click(config, [{ datasetIndex: 0, index: 1 }]);
    // The matches sort as (-0.2) then (0.2): the 2nd sorted match is input 0.
    click(config, [{ datasetIndex: 0, index: 0 }, { datasetIndex: 1, index: 1 }]);
    click(config, []);
    expect(picked).toEqual([
      { layer: 'respondents', index: 0 },
      { layer: 'respondents', index: 1 },
      { layer: 'highlighted', index: 0 },
    ]);
  });

  it('draws a crowd of more than a thousand smaller and translucent', () => {
    const crowd = Array.from({ length: 1001 }, (_, i) => ({ x: i / 1001, y: 0 }));
    expect(respondentScatter({ positions }).data.datasets[0]!.pointRadius).toBe(5);
    expect(respondentScatter({ positions: crowd }).data.datasets[0]!.pointRadius).toBe(2);
  });
});
