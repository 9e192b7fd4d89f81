import { useStore } from '../../stores/use-store.ts';
import { useState } from 'react';
import type { Position } from '../../core/scoring.ts';
import { describePastResult, movementSentence, takenLabels } from '../../core/trail-math.ts';
import { $progress } from '../../stores/progress.ts';
import { $withdrawals } from '../../stores/withdrawal.ts';
import { $earlierResults, $trailShown, forgetEarlierResults, showTrail } from '../../stores/trail.ts';
import { WITHDRAW_EARLIER_RESULT, withdrawalMessage } from './withdrawal-texts.ts';
import { WithdrawResult } from './WithdrawAnswers.tsx';
import styles from './MapTrail.module.css';
import chartParts from './chart-parts.module.css';
import textLines from './text-lines.module.css';

/** Each earlier result by its date, remembered past its withdrawal, when it has left the list. */
const resultNames = new Map<string, string>();

interface Props {
  /** The dot of the result on screen. */
  position: Position;
}

/**
 * The visitor's map over time: how they moved since their last result, a
 * toggle that draws the earlier results on the chart (listed here in words
 * while shown), and forgetting them. Nothing shows before a second result.
 */
export default function MapTrail({ position }: Props) {
  const earlier = useStore($earlierResults);
  const shown = useStore($trailShown);
  const [forgotten, setForgotten] = useState(false);
  const now = new Date();
  const last = earlier.at(-1);
  const labels = takenLabels(earlier, now);
  const described = earlier.map((r, i) => ({ ...r, words: describePastResult(r, now, labels[i]) }));
  const withdrawable = [...described].reverse().filter((r) => r.secret !== null);
  const withdrawals = useStore($withdrawals);
  const current = useStore($progress).submissionId;
  for (const [i, r] of earlier.entries()) resultNames.set(r.id, `The result of ${labels[i]}`);
  // An earlier result leaves the list once its withdrawal is confirmed; what became of it is told here.
  const outcomes = Object.entries(withdrawals).flatMap(([id, r]) =>
    id === current || !r || r.phase === 'confirming'
      ? []
      : [withdrawalMessage(r.phase, resultNames.get(id) ?? 'That result')],
  );
  const told = outcomes.map((message, i) => (
    <p key={i} className={textLines.status} role="status">
      {message}
    </p>
  ));

  if (!last) {
    return forgotten ? (
      <p className={textLines.status} role="status">
        Your earlier results are forgotten.
      </p>
    ) : (
      <>{told}</>
    );
  }

  return (
    <section className={styles.trail} aria-labelledby="quiz-trail-title">
      <h2 id="quiz-trail-title" className={styles.trailTitle}>
        Your map over time
      </h2>
      <p className={textLines.sentence}>{movementSentence(last, position, now)}</p>
      {told}
      <label className={chartParts.toggle}>
        <input type="checkbox" checked={shown} onChange={(e) => showTrail(e.currentTarget.checked)} />
        Show my earlier results on the chart
      </label>
      {shown && (
        <ul className={chartParts.figureMarks} aria-label="Your earlier results">
          {[...described].reverse().map((r) => (
            <li key={r.id}>{r.words}</li>
          ))}
        </ul>
      )}
      {shown && withdrawable.length > 0 && (
        <ul className={chartParts.figureMarks} aria-label="Remove an earlier result from the site">
          {withdrawable.map((r) => (
            <li key={r.id}>
              <WithdrawResult
                id={r.id}
                what={resultNames.get(r.id) ?? 'That result'}
                label={`${WITHDRAW_EARLIER_RESULT}: ${r.words}`}
              />
            </li>
          ))}
        </ul>
      )}
      <p className={styles.trailNote}>
        Kept in this browser only, never sent. Forgetting them clears this browser only: the answers stay on the site.
        To take a result off the site, show them and remove it.
      </p>
      <button
        type="button"
        className="link-button"
        onClick={() => {
          forgetEarlierResults();
          setForgotten(true);
        }}
      >
        Forget my earlier results
      </button>
    </section>
  );
}
