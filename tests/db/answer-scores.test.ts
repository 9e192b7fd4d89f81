import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANSWER_SCORES_MIGRATION, answerScoresSql } from '../../scripts/gen-answer-scores.ts';
import { QUESTIONS } from '../../src/core/questions.ts';
import { QUADRANT_SPLIT, SAVED_DENOMINATORS } from '../../src/core/values.ts';
import { forEachEngine } from '../support/engines.ts';

describe('the generated answer-score migration', () => {
  it('is what the generator writes from the scoring core today (run `npm run gen:sql`)', () => {
    expect(readFileSync(ANSWER_SCORES_MIGRATION, 'utf8')).toBe(answerScoresSql());
  });
});

forEachEngine('the database reference copy of the scores', ({ db }) => {
  it('holds every answer of the core with the same scores, and nothing else', async () => {
    const rows = await db().query<{ question_id: number; answer_text: string; position: number; love: number; duty: number; honor: number; reason: number }>(
      'select question_id, answer_text, position, love, duty, honor, reason from public.answer_scores order by question_id, position',
    );
    const expected = QUESTIONS.flatMap((q) =>
      q.answers.map((a, i) => ({ question_id: q.id, answer_text: a.text, position: i + 1, ...a.scores })),
    );
    expect(rows).toEqual(expected);
  });

  it('holds the saved denominators and the quadrant split of the core', async () => {
    const [row] = await db().query('select * from public.scoring_constants');
    expect(row).toEqual({
      id: true,
      love_denominator: SAVED_DENOMINATORS.love,
      duty_denominator: SAVED_DENOMINATORS.duty,
      honor_denominator: SAVED_DENOMINATORS.honor,
      reason_denominator: SAVED_DENOMINATORS.reason,
      quadrant_split: QUADRANT_SPLIT,
    });
  });
});
