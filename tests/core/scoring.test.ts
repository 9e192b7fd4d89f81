import { describe, expect, it } from 'vitest';
import { QUESTIONS, findAnswer } from '../../src/core/questions.ts';
import {
  formatPercent,
  positionOf,
  quadrantOf,
  resultPosition,
  resultShares,
  savedNormalized,
  scoreChoices,
} from '../../src/core/scoring.ts';
import { addScores, totalsOf } from '../../src/core/totals.ts';
import { nthChoices } from '../support/random-answers.ts';

describe('known answer paths give known figures', () => {
  it('"Strongly Agree" (or the first answer) everywhere', () => {
    const { raw, normalized } = scoreChoices(nthChoices(0));
    // Sum of each question's first answer, by hand from src/core/questions.ts.
    expect(raw).toEqual({ love: 11, duty: 12, honor: 4, reason: 2 });
    expect(normalized).toEqual({ love: 11 / 19, duty: 12 / 17, honor: 4 / 14, reason: 2 / 17 });
    const shares = resultShares(raw);
    expect(Object.values(shares).map(formatPercent)).toEqual(['57.9%', '70.6%', '28.6%', '13.3%']);
    expect(resultPosition(raw)).toEqual({ x: 2 / 15 - 4 / 14, y: 11 / 19 - 12 / 17 });
  });

  it('"Neutral" (or the third answer) everywhere', () => {
    const { raw } = scoreChoices(nthChoices(2));
    expect(raw).toEqual({ love: 2.5, duty: 1.5, honor: 4, reason: 5.5 });
    expect(Object.values(resultShares(raw)).map(formatPercent)).toEqual(['13.2%', '8.8%', '28.6%', '36.7%']);
  });

  it('saves Reason over 17 but shows it over 15', () => {
    const raw = { love: 0, duty: 0, honor: 0, reason: 15 };
    expect(savedNormalized(raw).reason).toBe(15 / 17);
    expect(resultShares(raw).reason).toBe(1);
    expect(formatPercent(resultShares(raw).reason)).toBe('100.0%');
  });
});

describe('position and quadrants', () => {
  it('places x = Reason - Honor and y = Love - Duty within -1..1', () => {
    expect(positionOf({ love: 1, duty: 0, honor: 0, reason: 1 })).toEqual({ x: 1, y: 1 });
    expect(positionOf({ love: 0, duty: 1, honor: 1, reason: 0 })).toEqual({ x: -1, y: -1 });
    expect(positionOf({ love: 0.25, duty: 0.5, honor: 0.75, reason: 0.5 })).toEqual({ x: -0.25, y: -0.25 });
  });

  it('splits at 0.5, with 0.5 itself high', () => {
    expect(quadrantOf({ love: 0.5, duty: 0, honor: 0.49, reason: 0 }, 'love', 'honor')).toBe('high_low');
    expect(quadrantOf({ love: 0.1, duty: 0.9, honor: 0, reason: 0.5 }, 'duty', 'reason')).toBe('high_high');
  });

  it('totals a list of answers', () => {
    const a = findAnswer(4, QUESTIONS[3]!.answers[0]!.text)!;
    const b = findAnswer(11, QUESTIONS[10]!.answers[2]!.text)!;
    expect(totalsOf([a, b])).toEqual(addScores(a.scores, b.scores));
  });
});
