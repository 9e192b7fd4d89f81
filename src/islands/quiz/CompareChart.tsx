import { useStore } from '@nanostores/react';
import { useMemo, type CSSProperties } from 'react';
import { COMPARE_CHART_SIZE } from '../../core/display.ts';
import { formatPercent, savedNormalized } from '../../core/scoring.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import { prefersReducedMotion } from '../../charts/chartjs.ts';
import { compareBars } from '../../charts/compare-bars.ts';
import { $totals } from '../../stores/quiz.ts';
import { $comparison } from '../../stores/results.ts';
import { ChartCanvas } from '../charts/ChartCanvas.tsx';
import { DATA_STATUS } from '../data-status.ts';
import styles from './ResultsScreen.module.css';

const box = { '--compare-width': `${COMPARE_CHART_SIZE.width}px` } as CSSProperties;

function describe(mine: ValueScores, mean: ValueScores, count: number): string {
  const rows = VALUES.map((v) => `${VALUE_LABELS[v]}: you ${formatPercent(mine[v])}, average ${formatPercent(mean[v])}`);
  return `Your values against the average of ${count} ${count === 1 ? 'response' : 'responses'}. ${rows.join('; ')}.`;
}

const ASPECT_RATIO = COMPARE_CHART_SIZE.width / COMPARE_CHART_SIZE.height;

function Bars({ mine, mean, count }: { mine: ValueScores; mean: ValueScores; count: number }) {
  const config = useMemo(
    () => compareBars({ mine, mean, aspectRatio: ASPECT_RATIO, animate: !prefersReducedMotion() }),
    [mine, mean],
  );
  return (
    <figure className={styles.figure}>
      <ChartCanvas config={config} chart="compare" label={describe(mine, mean, count)} className={styles.compareBox} style={box} />
      <figcaption className={styles.caption}>
        Bright bars: you. Dark bars: the average of {count} {count === 1 ? 'response' : 'responses'}.
      </figcaption>
    </figure>
  );
}

export default function CompareChart() {
  const comparison = useStore($comparison);
  const totals = useStore($totals);
  const mine = useMemo(() => savedNormalized(totals), [totals]);

  return (
    <section className={styles.panel} aria-labelledby="quiz-compare-title">
      <h2 id="quiz-compare-title" className={styles.subtitle}>
        How Do You Compare?
      </h2>
      {comparison.status === 'ready' ? (
        <Bars mine={mine} mean={comparison.data.mean} count={comparison.data.count} />
      ) : (
        <p className={styles.loading} role="status">
          {DATA_STATUS.comparison[comparison.status]}
        </p>
      )}
    </section>
  );
}
