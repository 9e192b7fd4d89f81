import { describe, expect, it } from 'vitest';
import { gapsBetween, sideBySideSentence } from '../../src/core/side-by-side.ts';
import { QUESTIONS } from '../../src/core/questions.ts';
import { resultShares } from '../../src/core/scoring.ts';
import { totalsOf } from '../../src/core/totals.ts';

const at = (love: number, duty: number, honor: number, reason: number) => ({ love, duty, honor, reason });

describe('comparing two results', () => {
  it('finds the widest and the narrowest gap between the shares', () => {
    const c = gapsBetween(at(0.4, 0.3, 0.9, 0.2), at(0.45, 0.6, 0.2, 0.1));
    expect(c.differMost.value).toBe('honor');
    expect(c.differMost.gap).toBeCloseTo(0.7, 12);
    expect(c.differMost.first).toBe(0.9);
    expect(c.differMost.second).toBe(0.2);
    expect(c.agreeMost.value).toBe('love');
    expect(c.agreeMost.gap).toBeCloseTo(0.05, 12);
  });

  it('is the same either way round, with the shares swapped', () => {
    const a = at(0.1, 0.8, 0.5, 0.3);
    const b = at(0.6, 0.7, 0.45, 0.9);
    const ab = gapsBetween(a, b);
    const ba = gapsBetween(b, a);
    expect(ba.differMost.value).toBe(ab.differMost.value);
    expect(ba.agreeMost.value).toBe(ab.agreeMost.value);
    expect([ba.differMost.first, ba.differMost.second]).toEqual([ab.differMost.second, ab.differMost.first]);
  });

  it('breaks ties by the order of the values, not by rounding noise', () => {
    // 0.1 + 0.2 - 0.2 is not exactly 0.1: the two Duty and Reason gaps count as equal.
    const c = gapsBetween(at(0.5, 0.1 + 0.2, 0.5, 0.3), at(0.5, 0.2, 0.5, 0.2));
    expect(c.differMost.value).toBe('duty');
    expect(c.agreeMost.value).toBe('love');
  });
});

describe('the comparison sentence', () => {
  it('names where the two differ most, with both shares, and where they agree', () => {
    expect(sideBySideSentence('You', at(0.4, 0.3, 0.9, 0.2), 'Rhea', at(0.45, 0.6, 0.2, 0.1))).toBe(
      'You and Rhea differ most on Honor (You 90.0%, Rhea 20.0%) and agree most on Love (40.0% and 45.0%).',
    );
  });

  it('says "both" where two shares are equal', () => {
    expect(sideBySideSentence('Sam', at(0.5, 0.3, 0.2, 0.8), 'Rhea', at(0.5, 0.35, 0.25, 0.2))).toBe(
      'Sam and Rhea differ most on Reason (Sam 80.0%, Rhea 20.0%) and agree most on Love (both 50.0%).',
    );
  });

  it('says so when the two results are the same', () => {
    const same = at(0.25, 0.5, 0.75, 1);
    expect(sideBySideSentence('You', same, 'Rhea', { ...same })).toBe(
      'You and Rhea stand in the same place: all four shares are equal.',
    );
  });

  it('says so when every value is equally far apart', () => {
    expect(sideBySideSentence('You', at(0.5, 0.5, 0.5, 0.5), 'Rhea', at(0.6, 0.4, 0.6, 0.4))).toBe(
      'You and Rhea are 10.0 points apart on every value alike.',
    );
  });

  it('reads two real answer paths the way the results page does', () => {
    const shares = (path: number[]) => resultShares(totalsOf(path.map((a, q) => QUESTIONS[q]!.answers[a]!)));
    const a = shares([0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1]);
    const b = shares([4, 3, 2, 1, 0, 4, 3, 2, 1, 0, 3, 4]);
    const { differMost, agreeMost } = gapsBetween(a, b);
    const gaps = (['love', 'duty', 'honor', 'reason'] as const).map((v) => Math.abs(a[v] - b[v]));
    expect(differMost.gap).toBeCloseTo(Math.max(...gaps), 12);
    expect(agreeMost.gap).toBeCloseTo(Math.min(...gaps), 12);
    expect(sideBySideSentence('You', a, 'Rhea', b)).toMatch(
      /^You and Rhea differ most on (Love|Duty|Honor|Reason) \(You \d+\.\d%, Rhea \d+\.\d%\) and agree most on (Love|Duty|Honor|Reason) \((\d+\.\d% and \d+\.\d%|both \d+\.\d%)\)\.$/,
    );
  });
});
