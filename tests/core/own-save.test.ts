import { describe, expect, it } from 'vitest';
import { awaitsPublication, sharesWithOwnSave, statsWithOwnSave, type OwnSave } from '../../src/core/own-save.ts';
import { QUESTIONS } from '../../src/core/questions.ts';
import { resultShares, type GivenAnswer } from '../../src/core/scoring.ts';
import { totalsOf } from '../../src/core/totals.ts';
import { VALUES } from '../../src/core/values.ts';

/** The first answer of every question, as the visitor gave it. */
const firsts: GivenAnswer[] = QUESTIONS.map((q) => ({
  questionId: q.id,
  answerText: q.answers[0]!.text,
  scores: q.answers[0]!.scores,
}));
const own: OwnSave = { answers: firsts, batch: 3 };
const mine = resultShares(totalsOf(firsts));

describe("the visitor's own save in the published figures", () => {
  it('is missing from figures of an older batch only', () => {
    expect([awaitsPublication(own, 2), awaitsPublication(own, 3), awaitsPublication(own, 4)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(awaitsPublication(null, 0)).toBe(false);
  });

  it('makes the average its own result when nobody is published yet', () => {
    const empty = { count: 0, love: null, duty: null, honor: null, reason: null, batch: 0 };
    expect(statsWithOwnSave(empty, own)).toEqual({ count: 1, ...mine, batch: 0 });
  });

  it('weighs its result as one more respondent, and leaves a published batch that holds it alone', () => {
    const stats = { count: 3, love: 0.5, duty: 0.25, honor: 0.4, reason: 0.6, batch: 2 };
    const after = statsWithOwnSave(stats, own);
    expect({ count: after.count, batch: after.batch }).toEqual({ count: 4, batch: 2 });
    // The mean of three respondents at the published mean and the visitor's own result.
    for (const v of VALUES) expect(after[v]).toBeCloseTo((stats[v] + stats[v] + stats[v] + mine[v]) / 4, 12);
    expect(statsWithOwnSave({ ...stats, batch: 3 }, own)).toEqual({ ...stats, batch: 3 });
  });

  it('adds one to each chosen answer and to its question, and shares every answer anew', () => {
    const q = QUESTIONS[0]!;
    const published = [
      {
        question_id: q.id,
        total: 4,
        answers: q.answers.map((a, i) => ({ answer_text: a.text, count: i === 1 ? 4 : 0, share: i === 1 ? 1 : 0 })),
      },
    ];
    const [after] = sharesWithOwnSave(published, 2, own);
    expect(after!.total).toBe(5);
    expect(after!.answers.slice(0, 2)).toEqual([
      { answer_text: q.answers[0]!.text, count: 1, share: 0.2 },
      { answer_text: q.answers[1]!.text, count: 4, share: 0.8 },
    ]);
    expect(sharesWithOwnSave(published, 3, own)).toEqual(published);
  });
});
