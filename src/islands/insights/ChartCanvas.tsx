import { useEffect, useRef } from 'react';
import type { ChartConfiguration, ChartType, DefaultDataPoint } from 'chart.js';
import { loadInsightsChartJs } from '../../charts/insights/load.ts';
import styles from './insights.module.css';

interface Props<TType extends ChartType, TData, TLabel> {
  /** null leaves the canvas empty (no data, or the call failed). */
  config: ChartConfiguration<TType, TData, TLabel> | null;
  /** Short name of the chart for screen readers; the caption carries the numbers. */
  label: string;
  /** Names the chart for the page's own tests and styles. */
  chart: string;
  square?: boolean;
}

/** A canvas that draws `config` with Chart.js, loaded on first use, and redraws when it changes. */
export function ChartCanvas<TType extends ChartType, TData = DefaultDataPoint<TType>, TLabel = unknown>({
  config,
  label,
  chart,
  square = false,
}: Props<TType, TData, TLabel>) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!config) return;
    let cancelled = false;
    let destroy = () => {};
    loadInsightsChartJs()
      .then(({ Chart }) => {
        if (cancelled || !canvas.current) return;
        const drawn = new Chart<TType, TData, TLabel>(canvas.current, config);
        destroy = () => drawn.destroy();
      })
      .catch((error: unknown) => console.error('Error drawing the insights charts', error));
    return () => {
      cancelled = true;
      destroy();
    };
  }, [config]);

  return (
    <div className={square ? `${styles.canvasBox} ${styles.square}` : styles.canvasBox}>
      <canvas ref={canvas} role="img" aria-label={label} data-chart={chart} data-drawn={config ? 'yes' : 'no'} />
    </div>
  );
}
