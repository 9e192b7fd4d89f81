/**
 * "How Do You Compare?": the result's shares in the bright colours beside the
 * average of all respondents in the dark ones, both on the results page's
 * scale (the database publishes the average on it).
 */
import type { ChartConfiguration } from 'chart.js';
import { formatPercent } from '../core/scoring.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../core/values.ts';
import { paintedBackground } from './background.ts';
import { CHART_FONT_FAMILY, chartPalette } from './palette.ts';

const percent = (n: number) => `${Math.round(n * 100)}%`;

interface CompareInput {
  /** Whose bars the bright ones are, as the results screen names them ("You", "Rhea"). */
  label: string;
  mine: ValueScores;
  mean: ValueScores;
  aspectRatio: number;
  animate: boolean;
}

export function compareBars({ label, mine, mean, aspectRatio, animate }: CompareInput): ChartConfiguration<'bar'> {
  const font = { family: CHART_FONT_FAMILY, size: 13 };
  return {
    type: 'bar',
    data: {
      labels: VALUES.map((v) => VALUE_LABELS[v]),
      datasets: [
        {
          label,
          data: VALUES.map((v) => mine[v]),
          backgroundColor: ({ dataIndex }) => chartPalette().values[VALUES[dataIndex]!].bright,
        },
        {
          label: 'Average',
          data: VALUES.map((v) => mean[v]),
          backgroundColor: ({ dataIndex }) => chartPalette().values[VALUES[dataIndex]!].dark,
        },
      ],
    },
    options: {
      animation: animate ? { duration: 400 } : false,
      responsive: true,
      maintainAspectRatio: true,
      aspectRatio,
      scales: {
        x: { ticks: { color: () => chartPalette().ink.text, font }, grid: { display: false } },
        y: {
          min: 0,
          suggestedMax: 1,
          ticks: { color: () => chartPalette().ink.muted, font, callback: (v) => percent(Number(v)), stepSize: 0.25 },
          grid: { color: () => chartPalette().ink.grid },
        },
      },
      plugins: {
        // The caption says which bars are whose.
        legend: { display: false },
        tooltip: {
          callbacks: { label: (item) => `${item.dataset.label}: ${formatPercent(Number(item.raw))}` },
        },
      },
    },
    plugins: [paintedBackground()],
  };
}
