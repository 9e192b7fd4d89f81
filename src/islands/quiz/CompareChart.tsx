import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { COMPARE_CHART_SIZE } from '../../core/quiz.ts';
import { formatPercent, savedNormalized } from '../../core/scoring.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import { createCompareBars } from '../../charts/compare-bars.ts';
import { withResultsChartJs } from '../../charts/results-chartjs.ts';
import { $comparison, $totals } from '../../stores/quiz.ts';
import styles from './ResultsScreen.module.css';

const box = { '--compare-width': `${COMPARE_CHART_SIZE.width}px` } as CSSProperties;

function describe(mine: ValueScores, mean: ValueScores, count: number): string {
  const rows = VALUES.map((v) => `${VALUE_LABELS[v]}: you ${formatPercent(mine[v])}, average ${formatPercent(mean[v])}`);
  return `Your values against the average of ${count} ${count === 1 ? 'response' : 'responses'}. ${rows.join('; ')}.`;
}

function Bars({ mine, mean, count }: { mine: ValueScores; mean: ValueScores; count: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let destroy = () => {};
    const cancel = withResultsChartJs((chartjs) => {
      if (!canvas.current) return;
      const ratio = COMPARE_CHART_SIZE.width / COMPARE_CHART_SIZE.height;
      const chart = createCompareBars(chartjs, canvas.current, mine, mean, ratio);
      destroy = () => chart.destroy();
    }, 'the comparison chart');
    return () => {
      cancel();
      destroy();
    };
  }, [mine, mean]);

  return (
    <figure className={styles.figure}>
      <div className={styles.compareBox} style={box}>
        <canvas ref={canvas} role="img" aria-label={describe(mine, mean, count)} />
      </div>
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
        <Bars mine={mine} mean={comparison.mean} count={comparison.count} />
      ) : (
        <p className={styles.loading} role="status">
          Loading comparison chart...
        </p>
      )}
    </section>
  );
}
