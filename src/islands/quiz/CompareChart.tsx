import { useStore } from '../../stores/use-store.ts';
import { useMemo, type CSSProperties } from 'react';
import { COMPARE_CHART_SIZE } from '../../core/display.ts';
import { formatPercent, resultShares } from '../../core/scoring.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import { prefersReducedMotion } from '../../charts/chartjs.ts';
import { compareBars } from '../../charts/compare-bars.ts';
import { $totals } from '../../stores/quiz.ts';
import { $ownCounted } from '../../stores/withdrawal.ts';
import { $comparison, $lastSeenComparison } from '../../stores/results.ts';
import { ChartCanvas } from '../charts/ChartCanvas.tsx';
import { comparisonLastSeen, DATA_STATUS } from '../data-status.ts';
import { compareTitle, objectForm, OWN_LABEL, possessive, scaleNote } from './result-labels.ts';
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

/** Whom the average is of: the first respondent is told so rather than shown "the average of 1 response". */
function averageOf(count: number, counted: boolean): string {
  if (counted && count === 1) return 'you alone, the first to answer';
  return counted ? `${responses(count)}, yours included` : responses(count);
}

interface BarsProps {
  label: string;
  /** Whether the visitor's own saved result is among the average. */
  counted: boolean;
  /** The result's shares, as the list above prints them. */
  mine: ValueScores;
  /** Everyone's average, on the results screen's scale as the database publishes it. */
  mean: ValueScores;
  count: number;
}

function Bars({ label, counted, mine, mean, count }: BarsProps) {
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
        Bright bars: {objectForm(label)}. Dark bars: the average of {averageOf(count, counted)}. {scaleNote(label)}
      </figcaption>
      <ul className={chartParts.figureMarks} aria-label="The average, as numbers" data-average>
        {VALUES.map((v) => (
          <li key={v}>
            {VALUE_LABELS[v]}: {objectForm(label)} {formatPercent(mine[v])}, average {formatPercent(mean[v])}
          </li>
        ))}
      </ul>
    </figure>
  );
}

/**
 * The result on screen beside everyone's average, both on the results
 * page's scale: the bars show the very percentages of the list above, and
 * the database computes the average from the raw totals on that scale.
 */
export default function CompareChart({ label }: { label: string }) {
  const comparison = useStore($comparison);
  // Offline: the average this browser last received, dated, in place of none.
  const lastSeen = useStore($lastSeenComparison);
  const shown =
    comparison.status === 'ready' ? comparison.data : comparison.status === 'failed' ? lastSeen?.data : null;
  const totals = useStore($totals);
  const mine = useMemo(() => resultShares(totals), [totals]);
  const counted = useStore($ownCounted) && label === OWN_LABEL;

  return (
    <section className={panel.panel} aria-labelledby="quiz-compare-title">
      <h2 id="quiz-compare-title" className={panel.subtitle}>
        {compareTitle(label)}
      </h2>
      {comparison.status === 'failed' && lastSeen && (
        <p className={textLines.caption} role="status">
          {comparisonLastSeen(new Date(lastSeen.seenAt))}
        </p>
      )}
      {shown ? (
        <Bars
          label={label}
          // An average received before this result was saved does not hold it.
          counted={counted && comparison.status === 'ready'}
          mine={mine}
          mean={shown.mean}
          count={shown.count}
        />
      ) : (
        comparison.status !== 'ready' && (
          <p className={panel.loading} role="status">
            {DATA_STATUS.comparison[comparison.status]}
          </p>
        )
      )}
    </section>
  );
}
