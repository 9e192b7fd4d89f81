/**
 * Share links as actions: opening one (a friend's result under their name,
 * or a comparison of two), and turning a friend's result into a comparison
 * by taking the quiz. The link itself is lib/share-link.ts, its controls
 * ShareActions.tsx. Apart from quiz.ts so that neither these nor the link
 * decoder load with "/": only an address with a query or the results screen
 * asks for them.
 */
import { hasShareParams, readShareLink } from '../lib/share-link.ts';
import { $progress } from './progress.ts';
import { requireScreen, resetAll, showSharedAnswers, startQuiz } from './quiz.ts';
import { $sharedName, keepFriend } from './finished.ts';
import { showSharedResult } from './results.ts';

/**
 * Shows what an address's query holds ("?r=...", see lib/share-link.ts).
 * Returns null when the query is no share link at all, false when it is one
 * with no valid result (nothing changes), true once the result is shown.
 */
export function openShareLink(search: string): boolean | null {
  if (!hasShareParams(search)) return null;
  const link = readShareLink(search);
  if (!link) return false;
  showSharedResult(link.sharer.name, link.friend);
  showSharedAnswers(link.sharer.answers);
  return true;
}

/** From a friend's shared result to the quiz; the results at its end set the two side by side. */
export function takeQuizToCompare(): void {
  requireScreen('results', 'takeQuizToCompare');
  const friend = { answers: $progress.get().answers, name: $sharedName.get() };
  resetAll();
  keepFriend(friend);
  startQuiz();
}
