import { QUESTIONS } from '../../src/core/questions.ts';
import type { AnswerChoice } from '../../src/core/scoring.ts';

export { randomChoices, seededRandom } from '../../scripts/random-answers.ts';

/** Two fixed answer paths, one answer index per question (question 11 has four answers, the others five). */
export const PATH_A: readonly number[] = [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1];
export const PATH_B: readonly number[] = [4, 3, 2, 1, 0, 4, 3, 2, 1, 0, 3, 4];

/** The answer path that picks the n-th answer of every question (clamped). */
export function nthChoices(n: number): AnswerChoice[] {
  return QUESTIONS.map((q) => ({ question_id: q.id, answer_text: q.answers[Math.min(n, q.answers.length - 1)]!.text }));
}
