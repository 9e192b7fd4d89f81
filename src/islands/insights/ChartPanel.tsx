import type { KeyboardEvent, ReactNode } from 'react';
import type { ChartConfiguration, ChartType, DefaultDataPoint } from 'chart.js';
import { ChartCanvas } from '../charts/ChartCanvas.tsx';
import styles from './insights.module.css';

interface Props<TType extends ChartType, TData, TLabel> {
  titleId: string;
  title: string;
  /** Names the chart for the log, the page's tests and styles. */
  chart: string;
  /** null leaves the canvas empty while the data is missing. */
  config: ChartConfiguration<TType, TData, TLabel> | null;
  /** Drawn over the chart: see ChartCanvas. */
  overlay?: ChartConfiguration<TType, TData, TLabel> | null;
  /** Short name of the chart for screen readers; the caption carries the numbers. */
  label: string;
  /** The box's shape: square, or the heatmap's. */
  shape: 'square' | 'heatmapBox';
  caption: ReactNode;
  /** Under the figure: a table of the same numbers, the name search. */
  children?: ReactNode;
  /** Takes a row of the grid to itself, as wide as the page: the heatmap's columns need the room. */
  wide?: boolean;
  /** Makes the chart a stop of the Tab key, whose keys `onKeyDown` reads; `hint` says which, to a screen reader. */
  keys?: { onKeyDown: (event: KeyboardEvent) => void; hint: string };
}

/** One panel of the aggregate pages: a titled chart, drawn when the page is idle, with its caption. */
export function ChartPanel<TType extends ChartType, TData = DefaultDataPoint<TType>, TLabel = unknown>({
  titleId,
  title,
  chart,
  config,
  overlay,
  label,
  shape,
  caption,
  children,
  wide = false,
  keys,
}: Props<TType, TData, TLabel>) {
  const canvas = (
    <ChartCanvas
      idle
      config={config}
      overlay={overlay}
      chart={chart}
      label={label}
      className={`${styles.canvasBox} ${styles[shape]}`}
    />
  );
  return (
    <section className={wide ? `${styles.panel} ${styles.wide}` : styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <figure className={styles.figure}>
        {keys ? (
          // A plot the arrow keys move over, as a map is: an application, so that a screen reader hands it the keys.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the keys are its interaction
          <div
            className={styles.keys}
            role="application"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a stop of the Tab key, for its keys
            tabIndex={0}
            aria-label={`${label}. ${keys.hint}`}
            aria-roledescription="plot"
            onKeyDown={keys.onKeyDown}
          >
            {canvas}
          </div>
        ) : (
          canvas
        )}
        <figcaption className={styles.caption}>{caption}</figcaption>
      </figure>
      {children}
    </section>
  );
}
