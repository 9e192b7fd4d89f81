import type { CSSProperties } from 'react';
import { formatPercent, resultShares } from '../../core/scoring.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import { VALUE_COLORS } from '../../charts/palette.ts';
import styles from './ResultsScreen.module.css';

export default function ResultPercentages({ totals }: { totals: ValueScores }) {
  const shares = resultShares(totals);
  return (
    <ul className={styles.percentages} aria-label="Your values">
      {VALUES.map((v) => {
        const style = {
          '--share': `${Math.min(100, shares[v] * 100)}%`,
          '--value-color': VALUE_COLORS[v].bright,
        } as CSSProperties;
        return (
          <li key={v} className={styles.percentage} data-value={v} style={style}>
            <span>{VALUE_LABELS[v]}</span>{' '}
            <span className={styles.valueShare}>{formatPercent(shares[v])}</span>
          </li>
        );
      })}
    </ul>
  );
}
