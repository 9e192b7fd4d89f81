/**
 * "How Do You Compare?": the visitor's saved-normalized values in the bright
 * colours beside the average of all respondents in the dark ones.
 */
import type { Chart, Plugin } from 'chart.js';
import { formatPercent } from '../core/scoring.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../core/values.ts';
import { CHART_INK, VALUE_COLORS } from './palette.ts';
import { CHART_BACKGROUND, CHART_FONT_FAMILY, prefersReducedMotion, type ChartModule } from './results-chartjs.ts';

const background: Plugin<'bar'> = {
  id: 'compareBackground',
  beforeDraw(chart) {
    chart.ctx.save();
    chart.ctx.fillStyle = CHART_BACKGROUND;
    chart.ctx.fillRect(0, 0, chart.width, chart.height);
    chart.ctx.restore();
  },
};

const percent = (n: number) => `${Math.round(n * 100)}%`;

export function createCompareBars(
  chartjs: ChartModule,
  canvas: HTMLCanvasElement,
  mine: ValueScores,
  mean: ValueScores,
  aspectRatio: number,
): Chart<'bar'> {
  const font = { family: CHART_FONT_FAMILY, size: 13 };
  return new chartjs.Chart(canvas, {
    type: 'bar',
    data: {
      labels: VALUES.map((v) => VALUE_LABELS[v]),
      datasets: [
        {
          label: 'You',
          data: VALUES.map((v) => mine[v]),
          backgroundColor: VALUES.map((v) => VALUE_COLORS[v].bright),
        },
        {
          label: 'Average',
          data: VALUES.map((v) => mean[v]),
          backgroundColor: VALUES.map((v) => VALUE_COLORS[v].dark),
        },
      ],
    },
    options: {
      animation: prefersReducedMotion() ? false : { duration: 400 },
      responsive: true,
      maintainAspectRatio: true,
      aspectRatio,
      scales: {
        x: { ticks: { color: CHART_INK.text, font }, grid: { display: false } },
        y: {
          min: 0,
          suggestedMax: 1,
          ticks: { color: CHART_INK.muted, font, callback: (v) => percent(Number(v)), stepSize: 0.25 },
          grid: { color: CHART_INK.grid },
        },
      },
      plugins: {
        tooltip: {
          callbacks: { label: (item) => `${item.dataset.label}: ${formatPercent(Number(item.raw))}` },
        },
      },
    },
    plugins: [background],
  });
}
