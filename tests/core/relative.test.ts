import { describe, expect, it } from 'vitest';
import { relativePositionOf, rescaleToRange, type ValueRange } from '../../src/core/relative.ts';

const range: ValueRange = {
  min: { love: 0.1, duty: 0.2, honor: 0, reason: 0.25 },
  max: { love: 0.6, duty: 0.4, honor: 0.5, reason: 0.25 },
};

describe('rescaleToRange', () => {
  it('puts the minimum at 0, the maximum at 1 and values between in proportion', () => {
    expect(rescaleToRange({ love: 0.1, duty: 0.4, honor: 0.125, reason: 0.25 }, range)).toEqual({
      love: 0,
      duty: 1,
      honor: 0.25,
      reason: 0.5,
    });
    expect(rescaleToRange({ love: 0.35, duty: 0.3, honor: 0.5, reason: 0.25 }, range).love).toBeCloseTo(0.5, 12);
  });

  it('places a value everyone scored alike at the middle instead of dividing by zero', () => {
    const out = rescaleToRange({ love: 0.6, duty: 0.2, honor: 0, reason: 0.25 }, range);
    expect(out.reason).toBe(0.5);
    expect(Number.isFinite(out.reason)).toBe(true);
  });

  it('keeps values outside the range on the plot', () => {
    const out = rescaleToRange({ love: 0.9, duty: 0, honor: 0.5, reason: 0.25 }, range);
    expect(out.love).toBe(1);
    expect(out.duty).toBe(0);
  });
});

describe('relativePositionOf', () => {
  it('reads the rescaled values as x = Reason - Honor and y = Love - Duty', () => {
    // love 1, duty 0, honor 0.25, reason 0.5 once rescaled
    expect(relativePositionOf({ love: 0.6, duty: 0.2, honor: 0.125, reason: 0.25 }, range)).toEqual({ x: 0.25, y: 1 });
    expect(relativePositionOf({ love: 0.1, duty: 0.4, honor: 0.5, reason: 0.25 }, range)).toEqual({ x: -0.5, y: -1 });
  });
});
