import { useMemo } from 'react';
import { averageShares, wholePercents } from '../../core/average-shares.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import { averageSharePie } from '../../charts/insights/pie.ts';
import { ChartCanvas } from '../charts/ChartCanvas.tsx';
import styles from './insights.module.css';

interface Props {
  mean: ValueScores | null;
  /** Said in the caption while `mean` is null. */
  missing: string;
  idPrefix: string;
}

/** The pie of the average share per value; empty while `mean` is null. */
export function AveragePie({ mean, missing, idPrefix }: Props) {
  const percents = useMemo(() => (mean ? wholePercents(averageShares(mean)) : null), [mean]);
  const config = useMemo(() => (percents ? averageSharePie(percents) : null), [percents]);
  const titleId = `${idPrefix}-pie-title`;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>Average share per value</h2>
      <figure className={styles.figure}>
        <ChartCanvas
          idle
          config={config}
          chart="pie"
          label="Pie chart of the average share per value"
          className={`${styles.canvasBox} ${styles.square}`}
        />
        <figcaption className={styles.caption}>
          {percents
            ? `Of the average respondent's four values: ${VALUES.map((v) => `${VALUE_LABELS[v]} ${percents[v]}%`).join(', ')}.`
            : missing}
        </figcaption>
      </figure>
    </section>
  );
}
