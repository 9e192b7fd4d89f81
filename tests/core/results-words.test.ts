/**
 * The results screen's words that rest on arithmetic: where a dot stands on
 * each axis, the others beside the visitor, two earlier results of the same
 * minute told apart, dots that coincide, and a count's one format.
 */
import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/core/display.ts';
import { axesOf, NEAR_CENTER } from '../../src/core/map.ts';
import { othersOf, othersPhrase } from '../../src/core/others.ts';
import { distinctPlaces } from '../../src/core/points.ts';
import { QUESTIONS } from '../../src/core/questions.ts';
import { resultPosition } from '../../src/core/scoring.ts';
import { totalsOf } from '../../src/core/totals.ts';
import { takenLabels, type PastResult } from '../../src/core/trail-math.ts';

describe('where a dot stands on the two axes', () => {
  it('names both sides of each axis, the stronger first', () => {
    expect(axesOf({ x: 0.4, y: 0.3 })).toBe('Love over Duty, Reason over Honor');
    expect(axesOf({ x: -0.4, y: -0.3 })).toBe('Duty over Love, Honor over Reason');
  });

  it(`says "close to the center" for a pair nearer even than ${NEAR_CENTER}`, () => {
    expect(axesOf({ x: NEAR_CENTER / 2, y: 0.5 })).toBe('Love over Duty, Reason and Honor close to the center');
    expect(axesOf({ x: -0.5, y: -NEAR_CENTER / 2 })).toBe('Love and Duty close to the center, Honor over Reason');
  });

  it('reads "Neutral" to every question as close to the center on both axes, not as a lean', () => {
    const neutral = QUESTIONS.map((q) => {
      const answer = q.answers.find((a) => a.text === 'Neutral') ?? q.answers[Math.floor(q.answers.length / 2)]!;
      return { questionId: q.id, answerText: answer.text, scores: answer.scores };
    });
    expect(axesOf(resultPosition(totalsOf(neutral)))).toBe(
      'Love and Duty close to the center, Reason and Honor close to the center',
    );
  });
});

describe('the others beside the visitor', () => {
  it('leaves the visitor out of the count and of the same answers when their result is counted', () => {
    expect(othersOf(0.5, 10, true)).toEqual({ count: 9, same: 4 });
    expect(othersOf(0.5, 10, false)).toEqual({ count: 10, same: 5 });
  });

  it('finds no others for the first respondent', () => {
    expect(othersOf(1, 1, true)).toBeNull();
    expect(othersOf(1, 1, false)).toEqual({ count: 1, same: 1 });
  });

  it('says one other or many, with the count grouped', () => {
    expect(othersPhrase(1)).toBe('1 other');
    expect(othersPhrase(1629)).toBe('1,629 others');
  });
});

describe('earlier results of the same minute', () => {
  it('are told apart by their seconds, and others keep the short form', () => {
    const now = new Date(2026, 10, 27, 20, 0, 0);
    const result = (id: string, date: Date): PastResult => ({ id, date, position: { x: 0, y: 0 } });
    const labels = takenLabels(
      [
        result('a', new Date(2026, 10, 27, 19, 34, 5)),
        result('b', new Date(2026, 10, 27, 19, 34, 40)),
        result('c', new Date(2026, 10, 27, 18, 2, 0)),
      ],
      now,
    );
    expect(labels).toEqual(['today at 19:34:05', 'today at 19:34:40', 'today at 18:02']);
    expect(new Set(labels).size).toBe(3);
  });
});

describe('dots and counts on /insights', () => {
  it('counts the places dots fall on, coinciding dots once', () => {
    expect(
      distinctPlaces([
        { x: 0, y: 0 },
        { x: 0, y: 0 },
        { x: 0.5, y: 0 },
      ]),
    ).toBe(2);
  });

  it('prints a count with its thousands grouped, everywhere', () => {
    expect(formatCount(1629)).toBe('1,629');
    expect(formatCount(999)).toBe('999');
  });
});
