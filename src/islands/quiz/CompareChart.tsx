import { useStore } from '@nanostores/react';
import { useMemo, type CSSProperties } from 'react';
import { COMPARE_CHART_SIZE } from '../../core/display.ts';
import { formatPercent, onResultScale, resultShares } from '../../core/scoring.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import { prefersReducedMotion } from '../../charts/chartjs.ts';
import { compareBars } from '../../charts/compare-bars.ts';
import { $totals } from '../../stores/quiz.ts';
import { $comparison } from '../../stores/results.ts';
import { ChartCanvas } from '../charts/ChartCanvas.tsx';
import { DATA_STATUS } from '../data-status.ts';
import { compareTitle, objectForm, possessive, scaleNote } from './result-labels.ts';
import styles from './CompareChart.module.css';
import chartParts from './chart-parts.module.css';
import textLines from './text-lines.module.css';
import panel from './panel.module.css';

const box = { '--compare-width': `${COMPARE_CHART_SIZE.width}px` } as CSSProperties;

function responses(count: number): string {
  return `${count} ${count === 1 ? 'response' : 'responses'}`;
}

function describe(label: string, mine: ValueScores, mean: ValueScores, count: number): string {
  const rows = VALUES.map(
    (v) => `${VALUE_LABELS[v]}: ${objectForm(label)} ${formatPercent(mine[v])}, average ${formatPercent(mean[v])}`,
  );
  return `${possessive(label)} values against the average of ${responses(count)}. ${rows.join('; ')}.`;
}

const ASPECT_RATIO = COMPARE_CHART_SIZE.width / COMPARE_CHART_SIZE.height;

interface BarsProps {
  label: string;
  /** The result's shares, as the list above prints them. */
  mine: ValueScores;
  /** Everyone's average as the database keeps it (saved denominators). */
  saved: ValueScores;
  count: number;
}

function Bars({ label, mine, saved, count }: BarsProps) {
  const mean = useMemo(() => onResultScale(saved), [saved]);
  const config = useMemo(
    () => compareBars({ label, mine, mean, aspectRatio: ASPECT_RATIO, animate: !prefersReducedMotion() }),
    [label, mine, mean],
  );
  return (
    <figure className={chartParts.figure}>
      <ChartCanvas
        config={config}
        chart="compare"
        label={describe(label, mine, mean, count)}
        className={styles.compareBox}
        style={box}
      />
      <figcaption className={textLines.caption}>
        Bright bars: {objectForm(label)}. Dark bars: the average of {responses(count)}. {scaleNote(label)}
      </figcaption>
    </figure>
  );
}

/**
 * The result on screen beside everyone's average, both on the results
 * page's scale: the bars show the very percentages of the list above, and
 * the average (saved over the saved denominators) is converted to match.
 */
export default function CompareChart({ label }: { label: string }) {
  const comparison = useStore($comparison);
  const totals = useStore($totals);
  const mine = useMemo(() => resultShares(totals), [totals]);

  return (
    <section className={panel.panel} aria-labelledby="quiz-compare-title">
      <h2 id="quiz-compare-title" className={panel.subtitle}>
        {compareTitle(label)}
      </h2>
      {comparison.status === 'ready' ? (
        <Bars label={label} mine={mine} saved={comparison.data.mean} count={comparison.data.count} />
      ) : (
        <p className={panel.loading} role="status">
          {DATA_STATUS.comparison[comparison.status]}
        </p>
      )}
    </section>
  );
}
