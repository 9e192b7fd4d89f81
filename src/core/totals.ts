/**
 * Running totals of the answers given: what the quiz itself needs while it
 * is answered. The readings of a total (shares, positions) live in
 * scoring.ts, which the first page load does without.
 */
import { VALUES, zeroScores, type ValueScores } from './values.ts';

export function addScores(totals: ValueScores, scores: Readonly<ValueScores>): ValueScores {
  const next = zeroScores();
  for (const v of VALUES) next[v] = totals[v] + scores[v];
  return next;
}

/** Totals of a list of answers. Every score is a multiple of 0.5, so sums are exact. */
export function totalsOf(answers: readonly { scores: Readonly<ValueScores> }[]): ValueScores {
  return answers.reduce<ValueScores>((t, a) => addScores(t, a.scores), zeroScores());
}
