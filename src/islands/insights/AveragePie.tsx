import { useMemo } from 'react';
import { averageShares, wholePercents } from '../../core/average-shares.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import { averageSharePie } from '../../charts/insights/pie.ts';
import { ChartCanvas } from './ChartCanvas.tsx';
import styles from './insights.module.css';

/** The pie of the average share per value; empty while `mean` is null. */
export function AveragePie({ mean, idPrefix }: { mean: ValueScores | null; idPrefix: string }) {
  const percents = useMemo(() => (mean ? wholePercents(averageShares(mean)) : null), [mean]);
  const config = useMemo(() => (percents ? averageSharePie(percents) : null), [percents]);
  const titleId = `${idPrefix}-pie-title`;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>Average share per value</h2>
      <figure className={styles.figure}>
        <ChartCanvas config={config} chart="pie" label="Pie chart of the average share per value" square />
        <figcaption className={styles.caption}>
          {percents
            ? `Of the average respondent's four values: ${VALUES.map((v) => `${VALUE_LABELS[v]} ${percents[v]}%`).join(', ')}.`
            : 'No data yet.'}
        </figcaption>
      </figure>
    </section>
  );
}
