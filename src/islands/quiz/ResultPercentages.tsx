import type { CSSProperties } from 'react';
import { formatPercent, resultShares } from '../../core/scoring.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import { VALUE_COLORS } from '../../charts/palette.ts';
import './quiz.css';

export default function ResultPercentages({ totals }: { totals: ValueScores }) {
  const shares = resultShares(totals);
  return (
    <ul className="quiz-percentages" aria-label="Your values">
      {VALUES.map((v) => {
        const style = {
          '--share': `${Math.min(100, shares[v] * 100)}%`,
          '--value-color': VALUE_COLORS[v].bright,
        } as CSSProperties;
        return (
          <li key={v} className="quiz-percentage" data-value={v} style={style}>
            <span className="quiz-value-name">{VALUE_LABELS[v]}</span>{' '}
            <span className="quiz-value-share">{formatPercent(shares[v])}</span>
          </li>
        );
      })}
    </ul>
  );
}
