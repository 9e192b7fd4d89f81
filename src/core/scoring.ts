import { findAnswer, QUESTIONS, type Question } from './questions.ts';
import { totalsOf } from './totals.ts';
import {
  QUADRANT_SPLIT,
  RESULT_DENOMINATORS,
  SAVED_DENOMINATORS,
  VALUES,
  zeroScores,
  type Value,
  type ValueScores,
} from './values.ts';

/** One answer as the visitor gave it. */
export interface GivenAnswer {
  readonly questionId: number;
  readonly answerText: string;
  readonly scores: Readonly<ValueScores>;
}

/** The answer as the database receives it: the scores are derived there. */
export interface AnswerChoice {
  question_id: number;
  answer_text: string;
}

function divide(totals: Readonly<ValueScores>, denominators: Readonly<ValueScores>): ValueScores {
  const out = zeroScores();
  for (const v of VALUES) out[v] = totals[v] / denominators[v];
  return out;
}

/** The normalized values stored with a response (Reason over 17). */
export function savedNormalized(totals: Readonly<ValueScores>): ValueScores {
  return divide(totals, SAVED_DENOMINATORS);
}

/** The results-page reading (Reason over 15), as fractions of 1. */
export function resultShares(totals: Readonly<ValueScores>): ValueScores {
  return divide(totals, RESULT_DENOMINATORS);
}

/** A share as a percentage with one decimal, without the sign: 26.7 for 4/15. */
export function percentFigure(share: number): string {
  return (share * 100).toFixed(1);
}

/** A share as the results list prints it: a percentage with one decimal. */
export function formatPercent(share: number): string {
  return `${percentFigure(share)}%`;
}

export interface Position {
  x: number;
  y: number;
}

function clampUnit(n: number): number {
  return Math.max(-1, Math.min(1, n));
}

/** Where a set of normalized values sits: x = Reason - Honor, y = Love - Duty. */
export function positionOf(normalized: Readonly<ValueScores>): Position {
  return {
    x: clampUnit(normalized.reason - normalized.honor),
    y: clampUnit(normalized.love - normalized.duty),
  };
}

/** The visitor's dot on the results chart, read with the results-page denominators. */
export function resultPosition(totals: Readonly<ValueScores>): Position {
  return positionOf(resultShares(totals));
}

function isHigh(normalized: number): boolean {
  return normalized >= QUADRANT_SPLIT;
}

/** Quadrant of one pair, e.g. "high_low" for high first value and low second; the database's JSON keys too. */
export type QuadrantKey = 'high_high' | 'high_low' | 'low_high' | 'low_low';

export function quadrantOf(normalized: Readonly<ValueScores>, first: Value, second: Value): QuadrantKey {
  const a = isHigh(normalized[first]) ? 'high' : 'low';
  const b = isHigh(normalized[second]) ? 'high' : 'low';
  return `${a}_${b}`;
}

/** The pairs the heatmaps show. */
export const QUADRANT_PAIRS: readonly (readonly [Value, Value])[] = [
  ['love', 'honor'],
  ['love', 'reason'],
  ['honor', 'duty'],
  ['duty', 'reason'],
];

/** Highest total each value can reach: the sum of each question's best score for it. */
export function maxAttainable(questions: readonly Question[] = QUESTIONS): ValueScores {
  const max = zeroScores();
  for (const q of questions) {
    for (const v of VALUES) max[v] += Math.max(...q.answers.map((a) => a.scores[v]));
  }
  return max;
}

/** Scores of a complete answer set, the way the database derives them. */
export function scoreChoices(choices: readonly AnswerChoice[]): { raw: ValueScores; normalized: ValueScores } {
  const answers = choices.map((c) => {
    const found = findAnswer(c.question_id, c.answer_text);
    if (!found) throw new Error(`Unknown answer for question ${c.question_id}: ${c.answer_text}`);
    return found;
  });
  const raw = totalsOf(answers);
  return { raw, normalized: savedNormalized(raw) };
}
