import type { ChartConfiguration, Plugin } from 'chart.js';
import type { MatrixDataPoint } from 'chartjs-chart-matrix';
import type { QuadrantCounts } from '../../lib/api.ts';
import { formatCount } from '../../core/display.ts';
import { formatPercent } from '../../core/scoring.ts';
import { VALUE_LABELS, type Value } from '../../core/values.ts';
import { paintedBackground } from '../background.ts';
import { contrast } from '../contrast.ts';
import { CHART_FONT_FAMILY, chartPalette, type ChartPalette } from '../palette.ts';
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

export interface HeatmapCell extends MatrixDataPoint {
  x: string;
  y: string;
  /** Respondents in the quadrant. */
  v: number;
  /** Their share of the pair's respondents, 0 to 1. */
  share: number;
  pair: readonly [Value, Value];
}

/**
 * How strong a cell is painted, 0 to 1, on a log scale of its count against
 * the largest cell's: with one quadrant holding most respondents (the split
 * at 0.5 leaves "both low" the biggest by far), a linear scale made every
 * other cell look empty; here 1 already shows, and 1 and 266 stay apart.
 */
export function cellStrength(count: number, largest: number): number {
  if (count <= 0 || largest <= 0) return 0;
  return Math.log1p(count) / Math.log1p(largest);
}

/** The fill of a cell: nothing for 0, the pair's first value from faint (1) to full (the largest cell). */
export function cellColor(cell: HeatmapCell, largest: number, palette: ChartPalette = chartPalette()): string {
  if (cell.v <= 0) return palette.emptyCell;
  return withAlpha(palette.values[cell.pair[0]].bright, 0.22 + 0.78 * cellStrength(cell.v, largest));
}

/**
 * The ink a cell's numbers are written in: of the palette's two cell inks,
 * whichever stands out more from the cell's fill over the chart's painted
 * background (4.5:1 or more at any strength, WCAG 1.4.3); an empty cell's
 * numbers are muted.
 */
export function cellInk(fill: string, empty: boolean, palette: ChartPalette = chartPalette()): string {
  if (empty) return palette.ink.muted;
  const [first, second] = palette.cellInks;
  const on = (ink: string) => contrast(ink, fill, palette.background);
  return on(first) >= on(second) ? first : second;
}

/** Each cell's count and share, written on it. */
function cellTexts(largest: number): Plugin<'matrix'> {
  return {
    id: 'cellTexts',
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      const palette = chartPalette();
      const meta = chart.getDatasetMeta(0);
      ctx.save();
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      meta.data.forEach((element, i) => {
        const cell = chart.data.datasets[0]?.data[i] as HeatmapCell | undefined;
        if (!cell) return;
        // The matrix element's box: its top left corner and size.
        const box = element.getProps(['x', 'y', 'width', 'height']) as {
          x: number;
          y: number;
          width: number;
          height: number;
        };
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        const height = box.height;
        const size = Math.max(11, Math.min(16, height / 4));
        ctx.fillStyle = cellInk(cellColor(cell, largest, palette), cell.v <= 0, palette);
        ctx.font = `600 ${size}px ${CHART_FONT_FAMILY}`;
        ctx.fillText(formatCount(cell.v), x, y - size * 0.55);
        ctx.font = `400 ${size * 0.85}px ${CHART_FONT_FAMILY}`;
        ctx.fillText(formatPercent(cell.share), x, y + size * 0.6);
      });
      ctx.restore();
    },
  };
}

/**
 * Quadrant counts as a grid: one row per pair, one column per quadrant
 * (split at 0.5), each cell with its count and share of the pair's
 * respondents, tinted with the pair's first value on a log scale.
 */
export function quadrantHeatmap(quadrants: readonly QuadrantCounts[]): ChartConfiguration<'matrix', HeatmapCell[]> {
  const rows = quadrants.map((q) => pairLabel(q.pair));
  const columns = QUADRANT_COLUMNS.map((c) => c.label);
  const cells: HeatmapCell[] = quadrants.flatMap((q) => {
    const total = q.high_high + q.high_low + q.low_high + q.low_low;
    return QUADRANT_COLUMNS.map((c) => ({
      x: c.label,
      y: pairLabel(q.pair),
      v: q[c.key],
      share: total > 0 ? q[c.key] / total : 0,
      pair: q.pair,
    }));
  });
  const largest = Math.max(0, ...cells.map((c) => c.v));
  const font = { family: CHART_FONT_FAMILY, size: 13 };
  return {
    type: 'matrix',
    // Painted under the cells: their numbers' ink is chosen against one known color, not the page's gradient.
    plugins: [paintedBackground<'matrix'>(), cellTexts(largest)],
    data: {
      datasets: [
        {
          label: 'Respondents per quadrant',
          data: cells,
          backgroundColor: (ctx) => {
            const cell = ctx.raw as HeatmapCell | undefined;
            return cell ? cellColor(cell, largest) : 'transparent';
          },
          borderColor: () => chartPalette().ink.grid,
          borderWidth: 1,
          width: ({ chart }) => (chart.chartArea?.width ?? 0) / columns.length - 2,
          height: ({ chart }) => (chart.chartArea?.height ?? 0) / Math.max(rows.length, 1) - 2,
        },
      ],
    },
    options: {
      responsive: true,
      // The box around the canvas sets its shape: squarer on a phone, wide across a desktop (insights.module.css).
      maintainAspectRatio: false,
      animation: false,
      scales: {
        x: {
          type: 'category',
          labels: columns,
          offset: true,
          position: 'top',
          ticks: {
            color: () => chartPalette().ink.text,
            font,
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
          ticks: { color: () => chartPalette().ink.text, font },
          grid: { display: false },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          titleFont: font,
          bodyFont: font,
          callbacks: {
            title: () => '',
            label: (item) => {
              const cell = item.raw as HeatmapCell;
              return `${cell.y}, ${cell.x}: ${formatCount(cell.v)} (${formatPercent(cell.share)})`;
            },
          },
        },
      },
    },
  };
}
