/**
 * Chart.js and the matrix plugin for the insights charts, loaded on first
 * use so that the page shell and its text arrive without them. Only what the
 * pie, the scatterplots and the heatmap draw with is registered.
 */
import { lazyOnce } from '../../lib/lazy.ts';

export type ChartModule = typeof import('chart.js');

export const loadInsightsChartJs: () => Promise<ChartModule> = lazyOnce(() =>
  Promise.all([import('chart.js'), import('chartjs-chart-matrix')]).then(([chartjs, matrix]) => {
    chartjs.Chart.register(
      chartjs.PieController,
      chartjs.ArcElement,
      chartjs.ScatterController,
      chartjs.PointElement,
      chartjs.LinearScale,
      chartjs.CategoryScale,
      chartjs.Legend,
      chartjs.Tooltip,
      matrix.MatrixController,
      matrix.MatrixElement,
    );
    return chartjs;
  }),
);
