import type { ChartConfiguration } from 'chart.js';
import type { MatrixDataPoint } from 'chartjs-chart-matrix';
import type { QuadrantCounts } from '../../lib/api.ts';
import { VALUE_LABELS, type Value } from '../../core/values.ts';
import { CHART_INK, VALUE_COLORS } from '../palette.ts';
import { withAlpha } from './color.ts';

/** The four quadrants of a pair, in the order of the heatmap's columns. */
export const QUADRANT_COLUMNS = [
  { key: 'high_high', label: 'both high' },
  { key: 'high_low', label: 'only first high' },
  { key: 'low_high', label: 'only second high' },
  { key: 'low_low', label: 'both low' },
] as const;

export function pairLabel([first, second]: readonly [Value, Value]): string {
  return `${VALUE_LABELS[first]} / ${VALUE_LABELS[second]}`;
}

interface Cell extends MatrixDataPoint {
  x: string;
  y: string;
  v: number;
  pair: readonly [Value, Value];
}

/**
 * Quadrant counts as a grid: one row per pair, one column per quadrant
 * (split at 0.5), each cell as strong as its share of the pair's respondents
 * and tinted with the pair's first value.
 */
export function quadrantHeatmap(quadrants: readonly QuadrantCounts[]): ChartConfiguration<'matrix', Cell[]> {
  const rows = quadrants.map((q) => pairLabel(q.pair));
  const columns = QUADRANT_COLUMNS.map((c) => c.label);
  const cells: Cell[] = quadrants.flatMap((q) =>
    QUADRANT_COLUMNS.map((c) => ({ x: c.label, y: pairLabel(q.pair), v: q[c.key], pair: q.pair })),
  );
  const totals = new Map(quadrants.map((q) => [pairLabel(q.pair), q.high_high + q.high_low + q.low_high + q.low_low]));
  const strength = (cell: Cell) => {
    const total = totals.get(cell.y) ?? 0;
    return total > 0 ? cell.v / total : 0;
  };
  return {
    type: 'matrix',
    data: {
      datasets: [
        {
          label: 'Respondents per quadrant',
          data: cells,
          backgroundColor: (ctx) => {
            const cell = ctx.raw as Cell | undefined;
            if (!cell) return 'transparent';
            return withAlpha(VALUE_COLORS[cell.pair[0]].bright, 0.12 + 0.88 * strength(cell));
          },
          borderColor: CHART_INK.grid,
          borderWidth: 1,
          width: ({ chart }) => (chart.chartArea?.width ?? 0) / columns.length - 2,
          height: ({ chart }) => (chart.chartArea?.height ?? 0) / Math.max(rows.length, 1) - 2,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: true,
      aspectRatio: 1.6,
      animation: false,
      scales: {
        x: {
          type: 'category',
          labels: columns,
          offset: true,
          position: 'top',
          ticks: {
            color: CHART_INK.text,
            maxRotation: 0,
            autoSkip: false,
            // One word per line, so that narrow columns keep their labels apart.
            callback(value) {
              return this.getLabelForValue(Number(value)).split(' ');
            },
          },
          grid: { display: false },
        },
        y: {
          type: 'category',
          labels: rows,
          offset: true,
          // The matrix plugin reverses y by default; the first pair belongs on top, as in the table.
          reverse: false,
          ticks: { color: CHART_INK.text },
          grid: { display: false },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: () => '',
            label: (item) => {
              const cell = item.raw as Cell;
              return `${cell.y}, ${cell.x}: ${cell.v}`;
            },
          },
        },
      },
    },
  };
}
