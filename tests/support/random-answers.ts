import { QUESTIONS } from '../../src/core/questions.ts';
import type { AnswerChoice } from '../../src/core/scoring.ts';

/** Two fixed answer paths, one answer index per question (question 11 has four answers, the others five). */
export const PATH_A: readonly number[] = [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1];
export const PATH_B: readonly number[] = [4, 3, 2, 1, 0, 4, 3, 2, 1, 0, 3, 4];

/** A small seeded generator, so a failing random case can be replayed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One answer per question, chosen at random. */
export function randomChoices(random: () => number): AnswerChoice[] {
  return QUESTIONS.map((q) => ({
    question_id: q.id,
    answer_text: q.answers[Math.floor(random() * q.answers.length)]!.text,
  }));
}

/** The answer path that picks the n-th answer of every question (clamped). */
export function nthChoices(n: number): AnswerChoice[] {
  return QUESTIONS.map((q) => ({ question_id: q.id, answer_text: q.answers[Math.min(n, q.answers.length - 1)]!.text }));
}
