import { describe, expect, it } from 'vitest';
import { averageShares, wholePercents } from '../../src/core/average-shares.ts';
import { VALUES } from '../../src/core/values.ts';

describe('averageShares', () => {
  it('divides each mean by the sum of the four means', () => {
    const shares = averageShares({ love: 0.5, duty: 0.25, honor: 0.125, reason: 0.125 });
    expect(shares).toEqual({ love: 0.5, duty: 0.25, honor: 0.125, reason: 0.125 });
    const other = averageShares({ love: 0.3, duty: 0.3, honor: 0.2, reason: 0.2 });
    expect(other.love).toBeCloseTo(0.3, 12);
    expect(other.reason).toBeCloseTo(0.2, 12);
  });

  it('gives zeros, not NaN, when every mean is zero', () => {
    expect(averageShares({ love: 0, duty: 0, honor: 0, reason: 0 })).toEqual({ love: 0, duty: 0, honor: 0, reason: 0 });
  });
});

describe('wholePercents', () => {
  it('rounds to whole percentages that add up to 100', () => {
    const thirds = wholePercents({ love: 1 / 3, duty: 1 / 3, honor: 1 / 3, reason: 0 });
    expect(VALUES.reduce((s, v) => s + thirds[v], 0)).toBe(100);
    expect([thirds.love, thirds.duty, thirds.honor].sort()).toEqual([33, 33, 34]);
    expect(thirds.reason).toBe(0);
  });

  it('gives the nearest whole percentage when plain rounding already adds up', () => {
    expect(wholePercents({ love: 0.274, duty: 0.251, honor: 0.226, reason: 0.249 })).toEqual({
      love: 27,
      duty: 25,
      honor: 23,
      reason: 25,
    });
  });

  it('leaves all-zero shares at zero', () => {
    expect(wholePercents({ love: 0, duty: 0, honor: 0, reason: 0 })).toEqual({ love: 0, duty: 0, honor: 0, reason: 0 });
  });
});
