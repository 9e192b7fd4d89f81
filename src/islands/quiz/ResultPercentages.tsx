import type { CSSProperties } from 'react';
import { formatPercent, resultShares } from '../../core/scoring.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import { percentageStyle, possessive, scaleNote } from './result-labels.ts';
import styles from './ResultPercentages.module.css';
import textLines from './text-lines.module.css';

/** The four percentages of the result on screen, whose `label` (result-labels.ts) names it, and what they are shares of. */
export default function ResultPercentages({ totals, label }: { totals: ValueScores; label: string }) {
  const shares = resultShares(totals);
  return (
    <>
      <ul className={styles.percentages} aria-label={`${possessive(label)} values`}>
        {VALUES.map((v) => {
          const style = percentageStyle(v, shares[v]) as CSSProperties;
          return (
            <li key={v} className={styles.percentage} data-value={v} style={style}>
              <span>{VALUE_LABELS[v]}</span> <span className={styles.valueShare}>{formatPercent(shares[v])}</span>
            </li>
          );
        })}
      </ul>
      <p className={textLines.scaleNote}>{scaleNote(label)}</p>
    </>
  );
}
