import { useEffect, type RefObject } from 'react';
import type { Position } from '../../core/scoring.ts';
import { createResultScatter, describePosition } from '../../charts/result-scatter.ts';
import { withResultsChartJs } from '../../charts/results-chartjs.ts';
import styles from './ResultsScreen.module.css';

interface Props {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  position: Position;
  onReady: () => void;
}

export default function ResultScatter({ canvasRef, position, onReady }: Props) {
  const description = describePosition(position);

  useEffect(() => {
    let destroy = () => {};
    const cancel = withResultsChartJs((chartjs) => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      const chart = createResultScatter(chartjs, canvas, position);
      destroy = () => chart.destroy();
      onReady();
    }, 'the result chart');
    return () => {
      cancel();
      destroy();
    };
    // Drawn once per position: onReady is a fresh closure on every render.
  }, [position.x, position.y, canvasRef]);

  return (
    <figure className={styles.figure}>
      <div className={styles.scatterBox}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`Your result chart: Love at the top, Duty at the bottom, Reason on the right, Honor on the left. ${description}`}
        />
      </div>
      <figcaption className={styles.caption}>{description}</figcaption>
    </figure>
  );
}
