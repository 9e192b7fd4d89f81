/**
 * What insights() must say about a set of rows, computed here from the rows
 * themselves with the scoring core, so that the database's figures can be
 * checked against an independent reckoning: every figure on the results
 * screen's scale, read from the raw totals.
 */
import { QUESTIONS } from '../../src/core/questions.ts';
import { QUADRANT_PAIRS, quadrantOf, resultShares } from '../../src/core/scoring.ts';
import { VALUES, zeroScores, type ValueScores } from '../../src/core/values.ts';
import type { AnswerChoice } from '../../src/core/scoring.ts';
import type { ValueTuple } from '../../src/core/points.ts';
import type { QuadrantCounts, QuestionShares } from '../../src/lib/api.ts';

export interface ResponseRow {
  name: string | null;
  raw: ValueScores;
  normalized: ValueScores;
}

export interface ExpectedAggregates {
  count: number;
  mean: ValueScores | null;
  min: ValueScores | null;
  max: ValueScores | null;
  quadrants: QuadrantCounts[];
}

export function expectedAggregates(rows: readonly ResponseRow[]): ExpectedAggregates {
  const quadrants: QuadrantCounts[] = QUADRANT_PAIRS.map(([first, second]) => {
    const q: QuadrantCounts = { pair: [first, second], high_high: 0, high_low: 0, low_high: 0, low_low: 0 };
    for (const r of rows) {
      const key = quadrantOf(resultShares(r.raw), first, second);
      q[key] += 1;
    }
    return q;
  });
  if (rows.length === 0) return { count: 0, mean: null, min: null, max: null, quadrants };
  const sum = zeroScores();
  const shares = rows.map((r) => resultShares(r.raw));
  const min = { ...shares[0]! };
  const max = { ...shares[0]! };
  for (const share of shares) {
    for (const v of VALUES) {
      sum[v] += share[v];
      min[v] = Math.min(min[v], share[v]);
      max[v] = Math.max(max[v], share[v]);
    }
  }
  const mean = zeroScores();
  for (const v of VALUES) mean[v] = sum[v] / rows.length;
  return { count: rows.length, mean, min, max, quadrants };
}

/** Every answer of every question in quiz order, with how many chose it and its share. */
export function expectedAnswerShares(answerSets: readonly AnswerChoice[][]): QuestionShares[] {
  return QUESTIONS.map((q) => {
    const counts = q.answers.map(
      (a) => answerSets.filter((set) => set.some((c) => c.question_id === q.id && c.answer_text === a.text)).length,
    );
    const total = counts.reduce((s, n) => s + n, 0);
    return {
      question_id: q.id,
      total,
      answers: q.answers.map((a, i) => ({
        answer_text: a.text,
        count: counts[i]!,
        share: total === 0 ? 0 : counts[i]! / total,
      })),
    };
  });
}

export function rawPoint(raw: Readonly<ValueScores>): ValueTuple {
  return [raw.love, raw.duty, raw.honor, raw.reason];
}

/** A multiset of points (and names) as sorted strings, for order-free comparison. */
export function sortedKeys(items: readonly unknown[]): string[] {
  return items.map((i) => JSON.stringify(i)).sort();
}
