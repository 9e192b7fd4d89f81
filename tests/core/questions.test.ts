import { describe, expect, it } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { maxAttainable, resultShares, scoreChoices } from '../../src/core/scoring.ts';
import { ALLOWED_SCORES, RESULT_DENOMINATORS, VALUES } from '../../src/core/values.ts';
import { randomChoices, seededRandom } from '../support/random-answers.ts';

const LIKERT = ['Strongly Agree', 'Agree', 'Neutral', 'Disagree', 'Strongly Disagree'];

describe('the twelve questions', () => {
  it('are numbered 1 to 12 in order', () => {
    expect(QUESTIONS.map((q) => q.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('use the agreement answers except questions 4, 8 and 11, which have 5, 5 and 4 of their own', () => {
    for (const q of QUESTIONS) {
      const texts = q.answers.map((a) => a.text);
      if (q.id === 4 || q.id === 8) {
        expect(texts).toHaveLength(5);
        expect(texts.some((t) => LIKERT.includes(t))).toBe(false);
      } else if (q.id === 11) {
        expect(texts).toHaveLength(4);
        expect(texts.some((t) => LIKERT.includes(t))).toBe(false);
      } else {
        expect(texts).toEqual(LIKERT);
      }
      expect(new Set(texts).size).toBe(texts.length);
    }
  });

  it('only ever score 0, 0.5, 1, 2 or 3', () => {
    const seen = new Set<number>();
    for (const q of QUESTIONS) for (const a of q.answers) for (const v of VALUES) seen.add(a.scores[v]);
    for (const s of seen) expect(ALLOWED_SCORES).toContain(s);
  });

  it('reach at most Love 19, Duty 17, Honor 14, Reason 15, each exactly', () => {
    expect(maxAttainable()).toEqual({ love: 19, duty: 17, honor: 14, reason: 15 });
    expect(maxAttainable()).toEqual(RESULT_DENOMINATORS);
  });

  it('never give a results percentage over 100 % on any of 2,000 random paths', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 2000; i++) {
      const shares = resultShares(scoreChoices(randomChoices(random)).raw);
      for (const v of VALUES) {
        expect(shares[v]).toBeGreaterThanOrEqual(0);
        expect(shares[v]).toBeLessThanOrEqual(1);
      }
    }
  });
});
