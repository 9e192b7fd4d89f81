import { useEffect, useRef, useSyncExternalStore, type CSSProperties, type RefObject } from 'react';
import type { ChartConfiguration, ChartType, DefaultDataPoint } from 'chart.js';
import { loadChartJs, whenNearScreen } from '../../charts/chartjs.ts';
import { drawsInChunks } from '../../charts/insights/crowd-dots.ts';
import { currentScheme, onSchemeChange } from '../../charts/palette.ts';
import { chartSteps, untilPainted } from '../../speed/chart-steps.ts';
import { whenInputQuiet } from '../../speed/input-quiet.ts';
import styles from './ChartCanvas.module.css';

interface Props<TType extends ChartType, TData, TLabel> {
  /** null leaves the canvas empty (no data, or the call failed). */
  config: ChartConfiguration<TType, TData, TLabel> | null;
  /**
   * Drawn over the chart on a canvas of its own, the same size, letting
   * clicks through: what changes often (the search matches over thousands
   * of dots) is redrawn there alone. null leaves it empty.
   */
  overlay?: ChartConfiguration<TType, TData, TLabel> | null;
  /** Short name of the chart for screen readers; the caption carries the numbers. */
  label: string;
  /** Names the chart for the log, the page's own tests and styles; the overlay is `<chart>-overlay`. */
  chart: string;
  /** Of the box around the canvas, which sizes it. */
  className?: string;
  style?: CSSProperties;
  /** For whoever reads the drawn pixels (the result's "Save image"). */
  canvasRef?: RefObject<HTMLCanvasElement | null>;
  onDrawn?: () => void;
  /**
   * Draw once the canvas comes near the screen, in an idle moment of its
   * own, rather than as soon as Chart.js is there: for the aggregate pages,
   * whose charts of thousands of points are long tasks each; a result the
   * visitor waits for is drawn at once.
   */
  idle?: boolean;
}

/**
 * The system's color scheme. The charts read their palette when they draw,
 * so a change of scheme draws every chart anew: no chart listens on its own.
 */
function useScheme() {
  return useSyncExternalStore(onSchemeChange, currentScheme, () => null);
}

/**
 * Draws `config` on `canvas` with Chart.js, loaded on first use, and draws
 * it anew when the config or the color scheme changes.
 */
function useChart<TType extends ChartType, TData, TLabel>(
  canvas: RefObject<HTMLCanvasElement | null>,
  config: ChartConfiguration<TType, TData, TLabel> | null | undefined,
  { chart, idle, onDrawn }: { chart: string; idle: boolean; onDrawn?: () => void },
): void {
  // The latest callback, without redrawing when only the callback changed.
  const drawn = useRef(onDrawn);
  // eslint-disable-next-line react-hooks/refs -- written here, read only in the effect's drawing, never in render
  drawn.current = onDrawn;
  const scheme = useScheme();

  useEffect(() => {
    if (!config) return;
    const element = canvas.current;
    const stop = new AbortController();
    let destroy = () => {};
    const draw = async () => {
      // Never within the tap that shows the chart: its request, let alone its drawing, would hold back that frame.
      await untilPainted(stop.signal);
      const { Chart } = await loadChartJs(config.type, { what: `the ${chart} chart`, signal: stop.signal });
      if (idle && canvas.current) {
        await whenNearScreen(canvas.current, stop.signal);
        await whenInputQuiet(stop.signal);
      }
      if (stop.signal.aborted || !canvas.current) return;
      const steps = idle ? chartSteps() : null;
      const stepped = steps ? { ...config, plugins: [...(config.plugins ?? []), steps.plugin] } : config;
      const instance = new Chart<TType, TData, TLabel>(canvas.current, stepped);
      // Escape hides a hover's tooltip, which may cover a neighboring mark (WCAG 1.4.13).
      const onKey = (event: KeyboardEvent) => {
        if (event.key !== 'Escape' || !instance.tooltip?.getActiveElements().length) return;
        // The hovered mark's own highlight goes with it.
        instance.setActiveElements([]);
        instance.tooltip.setActiveElements([], { x: 0, y: 0 });
        instance.update('none');
      };
      document.addEventListener('keydown', onKey);
      destroy = () => {
        document.removeEventListener('keydown', onKey);
        instance.destroy();
      };
      await steps?.run(instance, stop.signal);
      for (const plugin of config.plugins ?? []) {
        if (drawsInChunks(plugin)) await plugin.drawInChunks(instance, stop.signal);
      }
      if (stop.signal.aborted) return;
      // For whoever waits for the whole drawing, not its axes alone: the page's tests.
      canvas.current?.setAttribute('data-complete', '');
      drawn.current?.();
    };
    void draw();
    return () => {
      stop.abort();
      destroy();
      element?.removeAttribute('data-complete');
    };
  }, [config, canvas, chart, idle, scheme]);
}

/**
 * The one canvas every chart is drawn on: draws `config` with Chart.js,
 * loaded on first use, and redraws when the config changes. With `idle`,
 * loading Chart.js and drawing each chart are separate tasks the page can
 * answer input between, and a chart off the screen waits for the visitor.
 */
export function ChartCanvas<TType extends ChartType, TData = DefaultDataPoint<TType>, TLabel = unknown>({
  config,
  overlay,
  label,
  chart,
  className,
  style,
  canvasRef,
  onDrawn,
  idle = false,
}: Props<TType, TData, TLabel>) {
  const ownRef = useRef<HTMLCanvasElement>(null);
  const canvas = canvasRef ?? ownRef;
  const overlayCanvas = useRef<HTMLCanvasElement>(null);
  useChart(canvas, config, { chart, idle, onDrawn });
  useChart(overlayCanvas, overlay, { chart: `${chart} overlay`, idle });

  return (
    <div className={overlay === undefined ? className : `${className ?? ''} ${styles.layered}`} style={style}>
      <canvas ref={canvas} role="img" aria-label={label} data-chart={chart} data-drawn={config ? 'yes' : 'no'} />
      {overlay !== undefined && (
        // What it shows is also said in words beside the chart (the matches' list).
        <canvas
          ref={overlayCanvas}
          className={styles.overlay}
          aria-hidden="true"
          data-chart={`${chart}-overlay`}
          data-drawn={overlay ? 'yes' : 'no'}
        />
      )}
    </div>
  );
}
