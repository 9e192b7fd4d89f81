/**
 * Chart.js for the results screen, loaded on first use so that nothing of it
 * weighs on the quiz before the results appear. Only the parts the two
 * results charts draw with are registered, so the rest is left out of the bundle.
 */
import { lazyOnce } from '../lib/lazy.ts';

export type ChartModule = typeof import('chart.js');

export const loadResultsChartJs: () => Promise<ChartModule> = lazyOnce(() =>
  import('chart.js').then((chartjs) => {
    chartjs.Chart.register(
      chartjs.ScatterController,
      chartjs.BarController,
      chartjs.PointElement,
      chartjs.BarElement,
      chartjs.LinearScale,
      chartjs.CategoryScale,
      chartjs.Tooltip,
    );
    return chartjs;
  }),
);

/**
 * Hands Chart.js to `draw` once it is loaded. If loading fails (the visitor
 * went offline before the results), it tries again when the browser is back
 * online. Returns the cancel for an unmounting component.
 */
export function withResultsChartJs(draw: (chartjs: ChartModule) => void, what: string): () => void {
  let cancelled = false;
  const attempt = () => {
    loadResultsChartJs().then(
      (chartjs) => {
        if (!cancelled) draw(chartjs);
      },
      (error: unknown) => {
        console.error(`Error drawing ${what}`, error);
        if (!cancelled) globalThis.addEventListener('online', attempt, { once: true });
      },
    );
  };
  attempt();
  return () => {
    cancelled = true;
    globalThis.removeEventListener('online', attempt);
  };
}

/** Animations only for visitors who have not asked for less motion. */
export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Serif ink that matches the page; canvas text cannot read CSS variables. */
export const CHART_FONT_FAMILY = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif";

/** Painted under every results chart, so that a saved image is readable off the page. */
export const CHART_BACKGROUND = '#1d1a16';
