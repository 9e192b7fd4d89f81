import { useMemo, type RefObject } from 'react';
import type { Position } from '../../core/scoring.ts';
import { describePosition, resultScatter } from '../../charts/result-scatter.ts';
import { ChartCanvas } from '../charts/ChartCanvas.tsx';
import styles from './ResultsScreen.module.css';

interface Props {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  position: Position;
  onReady: () => void;
}

export default function ResultScatter({ canvasRef, position, onReady }: Props) {
  const description = describePosition(position);
  // Drawn once per position, not per render.
  const config = useMemo(() => resultScatter({ x: position.x, y: position.y }), [position.x, position.y]);

  return (
    <figure className={styles.figure}>
      <ChartCanvas
        config={config}
        chart="result"
        label={`Your result chart: Love at the top, Duty at the bottom, Reason on the right, Honor on the left. ${description}`}
        className={styles.scatterBox}
        canvasRef={canvasRef}
        onDrawn={onReady}
      />
      <figcaption className={styles.caption}>{description}</figcaption>
    </figure>
  );
}
