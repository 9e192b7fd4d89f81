/**
 * Chart.js, loaded on first use so that nothing of it weighs on a page before
 * a chart is drawn. Only the parts our charts draw with are imported and
 * registered (chart-core.ts), so the rest is left out of the bundle; the
 * matrix plugin loads only for a matrix chart (the insights heatmap). A load
 * that fails (offline) is tried again each time the browser is back online.
 */
import type { ChartType } from 'chart.js';
import { lazyOnce } from '../lib/lazy.ts';
import { untilLoaded } from '../lib/network.ts';

/** What a chart needs of Chart.js once it is loaded: the class, with our parts registered. */
export type ChartModule = typeof import('./chart-core.ts');

const loadCore = lazyOnce(() => import('./chart-core.ts'));
const loadWithMatrix = lazyOnce(() => import('./chart-matrix.ts'));

/** Chart.js ready to draw a chart of `type`; resolves once it could be loaded, however long that takes. */
export function loadChartJs(
  type: ChartType,
  { what, signal }: { what: string; signal?: AbortSignal },
): Promise<ChartModule> {
  return untilLoaded(type === 'matrix' ? loadWithMatrix : loadCore, {
    signal,
    onError: (error) => console.error(`Error drawing ${what}`, error),
  });
}

/** Fetches Chart.js ahead, so that a chart drawn later needs no network; a failure is tried again on use. */
export function prefetchChartJs(): void {
  loadCore().catch(() => {});
}

/**
 * Resolves once the element is on the screen or about to be: a chart of
 * thousands of points below the fold costs nothing until the visitor
 * scrolls towards it.
 */
export function whenNearScreen(element: Element, signal: AbortSignal): Promise<void> {
  if (typeof IntersectionObserver !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: '100px 0px' },
    );
    observer.observe(element);
    signal.addEventListener('abort', () => observer.disconnect(), { once: true });
  });
}

/** Animations only for visitors who have not asked for less motion. */
export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
