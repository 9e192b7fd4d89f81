import { useMemo, useState, type RefObject } from 'react';
import figures from 'virtual:figure-summaries';
import { describePosition, figureHref } from '../../core/nearest-figures.ts';
import { positionOf } from '../../core/scoring.ts';
import { resultScatter, type ChartMark } from '../../charts/result-scatter.ts';
import { ChartCanvas } from '../charts/ChartCanvas.tsx';
import { chartDescription, chartLabel } from './result-labels.ts';
import styles from './ResultScatter.module.css';
import chartParts from './chart-parts.module.css';
import textLines from './text-lines.module.css';

interface Props {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  own: ChartMark;
  /** The friend's dot in a comparison. */
  friend: ChartMark | null;
  /** The visitor's earlier results, oldest first, when they asked to see them; memoized by the caller, as the chart redraws when it changes. */
  trail: readonly ChartMark[];
  onReady: () => void;
}

const FIGURE_MARKS: readonly (ChartMark & { slug: string })[] = figures.map((f) => ({
  slug: f.slug,
  label: f.name,
  position: positionOf(f.shares),
}));

export default function ResultScatter({ canvasRef, own, friend, trail, onReady }: Props) {
  const [showFigures, setShowFigures] = useState(false);
  const {
    label: ownLabel,
    position: { x: ownX, y: ownY },
  } = own;
  const friendLabel = friend?.label;
  const friendX = friend?.position.x;
  const friendY = friend?.position.y;
  // Drawn again only when what it shows changes (positions by value), not on every render.
  const config = useMemo(
    () =>
      resultScatter({
        own: { label: ownLabel, position: { x: ownX, y: ownY } },
        friend:
          friendLabel !== undefined && friendX !== undefined && friendY !== undefined
            ? { label: friendLabel, position: { x: friendX, y: friendY } }
            : null,
        figures: showFigures ? FIGURE_MARKS : [],
        trail,
      }),
    [ownLabel, ownX, ownY, friendLabel, friendX, friendY, showFigures, trail],
  );
  const description = chartDescription(own, friend);

  return (
    <figure className={chartParts.figure}>
      <ChartCanvas
        config={config}
        chart="result"
        label={chartLabel(own, friend, { trail: trail.length > 0, figures: showFigures })}
        className={styles.scatterBox}
        canvasRef={canvasRef}
        onDrawn={onReady}
      />
      <figcaption className={textLines.caption}>
        {description}
        {friend && (
          <>
            {' '}
            <span className={styles.legend}>
              ● {own.label} · ▲ {friend.label}
            </span>
          </>
        )}
      </figcaption>
      <label className={chartParts.toggle}>
        <input type="checkbox" checked={showFigures} onChange={(e) => setShowFigures(e.currentTarget.checked)} />
        Show figures from literature
      </label>
      {showFigures && (
        <ul className={chartParts.figureMarks} aria-label="Figures on the chart">
          {FIGURE_MARKS.map((f) => (
            <li key={f.slug}>
              <a href={figureHref(f.slug)}>{f.label}</a>: {describePosition(f.position)}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
