/**
 * The one action that turns a friend's shared result into a comparison: it
 * keeps their result and starts the visitor's own quiz. Apart from quiz.ts
 * because only the results screen, which loads later, calls it.
 */
import { $progress, requireScreen, resetAll, startQuiz } from './quiz.ts';
import { $sharedName, keepFriend } from './results.ts';

/** From a friend's shared result to the quiz; the results at its end set the two side by side. */
export function takeQuizToCompare(): void {
  requireScreen('results', 'takeQuizToCompare');
  const friend = { answers: $progress.get().answers, name: $sharedName.get() };
  resetAll();
  keepFriend(friend);
  startQuiz();
}
