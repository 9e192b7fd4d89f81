/**
 * Reproducible random answer paths, for the balance benchmark and the tests
 * alike (tests/support/random-answers.ts adds the fixed paths).
 */
import { QUESTIONS } from '../src/core/questions.ts';
import type { AnswerChoice } from '../src/core/scoring.ts';

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
