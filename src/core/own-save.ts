/**
 * The visitor's own save in the figures their results screen shows. The
 * site publishes its figures in batches (src/core/publication.ts): until
 * the batch that holds the visitor's save is published, the average and
 * the answer shares are read without it, and the browser adds it here, so
 * that the screen counts the visitor at once and exactly once.
 */
import { resultShares } from './scoring.ts';
import { totalsOf } from './totals.ts';
import { VALUES, type Value } from './values.ts';
import type { GivenAnswer } from './scoring.ts';

/** A save the site has stored, with the batch that publishes it. */
export interface OwnSave {
  readonly answers: readonly GivenAnswer[];
  readonly batch: number;
}

/** Whether figures of published batch `batch` still lack the save. */
export function awaitsPublication(own: OwnSave | null, batch: number): own is OwnSave {
  return own !== null && own.batch > batch;
}

/** The comparison average as published: how many, each value's mean on the results screen's scale, and its batch. */
export type PublishedStats = { readonly count: number; readonly batch: number } & {
  readonly [V in Value]: number | null;
};

/** The average with the visitor's result in it, when the published one does not hold it yet. */
export function statsWithOwnSave<S extends PublishedStats>(stats: S, own: OwnSave | null): S {
  if (!awaitsPublication(own, stats.batch)) return stats;
  const mine = resultShares(totalsOf(own.answers));
  const count = stats.count + 1;
  const next: S = { ...stats, count };
  for (const v of VALUES) {
    const mean = stats.count === 0 ? 0 : (stats[v] ?? 0);
    (next as { [V in Value]: number | null })[v] = (mean * stats.count + mine[v]) / count;
  }
  return next;
}

/** One question's tally as published: each answer's count and share of the question's total. */
export interface PublishedQuestion {
  readonly question_id: number;
  readonly total: number;
  readonly answers: readonly { readonly answer_text: string; readonly count: number; readonly share: number }[];
}

/** The answer shares with the visitor's answers in them, when the published ones do not hold them yet. */
export function sharesWithOwnSave<Q extends PublishedQuestion>(
  questions: readonly Q[],
  batch: number,
  own: OwnSave | null,
): Q[] {
  if (!awaitsPublication(own, batch)) return [...questions];
  return questions.map((q) => {
    const chosen = own.answers.find((a) => a.questionId === q.question_id);
    if (!chosen) return q;
    const total = q.total + 1;
    const answers = q.answers.map((a) => {
      const count = a.count + (a.answer_text === chosen.answerText ? 1 : 0);
      return { ...a, count, share: count / total };
    });
    return { ...q, total, answers };
  });
}
