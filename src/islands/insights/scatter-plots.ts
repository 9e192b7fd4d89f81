import type { ScatterPlot } from '../../charts/insights/scatter.ts';

/** The two scatterplots /insights and /hehe both show: which, under what title, and what each shows. */
export const SCATTER_PLOTS: readonly { chart: ScatterPlot; title: string; intro: string }[] = [
  {
    chart: 'scatter',
    title: 'All respondents',
    intro: 'Each dot is one respondent, placed where their own results chart put them.',
  },
  {
    chart: 'relative',
    title: 'Relative to the range',
    intro:
      'Each value is rescaled between the lowest and the highest anyone scored on it, so the crowd spreads over the whole plot.',
  },
];
