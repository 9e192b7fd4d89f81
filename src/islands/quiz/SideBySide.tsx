import { sideBySideSentence } from '../../core/side-by-side.ts';
import { formatPercent } from '../../core/scoring.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import { scaleNote } from './result-labels.ts';
import styles from './SideBySide.module.css';
import textLines from './text-lines.module.css';
import results from './ResultsScreen.module.css';

interface Side {
  readonly label: string;
  readonly shares: Readonly<ValueScores>;
}

/** Two results' percentages side by side, and the sentence on where they differ most and agree. */
export default function SideBySide({ own, friend }: { own: Side; friend: Side }) {
  return (
    // Stacks the table and its sentences as the side column it stands in stacks its own parts.
    <div className={results.resultSide}>
      <table className={styles.sideBySide}>
        <caption className="visually-hidden">
          {own.label} and {friend.label}: the four values side by side
        </caption>
        <thead>
          <tr>
            <th scope="col">Value</th>
            <th scope="col">{own.label}</th>
            <th scope="col">{friend.label}</th>
          </tr>
        </thead>
        <tbody>
          {VALUES.map((v) => (
            <tr key={v} data-value={v}>
              <th scope="row">{VALUE_LABELS[v]}</th>
              <td data-side="own">{formatPercent(own.shares[v])}</td>
              <td data-side="friend">{formatPercent(friend.shares[v])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={textLines.sentence} data-comparison-sentence>
        {sideBySideSentence(own.label, own.shares, friend.label, friend.shares)}
      </p>
      <p className={textLines.scaleNote}>{scaleNote(own.label)}</p>
    </div>
  );
}
