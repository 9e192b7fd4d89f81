import type { ChartConfiguration } from 'chart.js';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import { chartPalette } from '../palette.ts';

/** What the pie's shares are, said under it: not a result's percentages, which are each on their own scale. */
export const PIE_SHARES =
  'Each slice is one value’s part of the four averages taken together, so the slices make 100%; a result’s own four percentages are each measured against that value’s maximum and do not.';

/** Label of one slice: the value and its whole percentage, e.g. "Love 27%". */
function sliceLabels(percents: Readonly<ValueScores>): string[] {
  return VALUES.map((v) => `${VALUE_LABELS[v]} ${percents[v]}%`);
}

/** The pie of the average share per value; `percents` are whole percentages. */
export function averageSharePie(percents: Readonly<ValueScores>): ChartConfiguration<'pie', number[], string> {
  return {
    type: 'pie',
    data: {
      labels: sliceLabels(percents),
      datasets: [
        {
          data: VALUES.map((v) => percents[v]),
          backgroundColor: ({ dataIndex }) => chartPalette().values[VALUES[dataIndex]!].bright,
          borderColor: ({ dataIndex }) => chartPalette().values[VALUES[dataIndex]!].dark,
          borderWidth: 2,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: true,
      animation: false,
      // The legend's labels take the chart's base color.
      color: () => chartPalette().ink.text,
      plugins: {
        legend: { position: 'bottom', labels: { font: { size: 14 } } },
        tooltip: { callbacks: { label: (item) => ` ${item.label}` } },
      },
    },
  };
}
