import { describe, expect, it } from 'vitest';
import {
  leanCounts,
  leanOf,
  positionsOf,
  relativePositionsOf,
  scoresFromTuple,
  sharesFromRaw,
} from '../../src/core/points.ts';

describe('points', () => {
  it('reads a tuple in VALUES order', () => {
    expect(scoresFromTuple([1, 2, 3, 4])).toEqual({ love: 1, duty: 2, honor: 3, reason: 4 });
  });

  it('reads raw totals on the results screen scale, 19, 17, 14, 15, not the saved one (Reason 17)', () => {
    expect(sharesFromRaw([19, 8.5, 7, 15])).toEqual({ love: 1, duty: 0.5, honor: 0.5, reason: 1 });
    expect(sharesFromRaw([0, 0, 0, 4]).reason).toBe(4 / 15);
  });

  it('counts which way each dot leans, and dots on an axis apart', () => {
    expect(
      leanCounts([
        { x: 0.5, y: 0.5 },
        { x: 0.1, y: 0.9 },
        { x: -0.5, y: 0.5 },
        { x: -0.5, y: -0.5 },
        { x: 0.5, y: -0.1 },
        { x: 0, y: 0.3 },
        { x: 0.3, y: 0 },
      ]),
    ).toEqual({ loveReason: 2, loveHonor: 1, dutyHonor: 1, dutyReason: 1, balanced: 2 });
  });

  it('names the quadrant of one dot: up is Love, right is Reason, on an axis is balanced', () => {
    expect(leanOf({ x: 0.2, y: 0.1 })).toBe('loveReason');
    expect(leanOf({ x: -0.2, y: 0.1 })).toBe('loveHonor');
    expect(leanOf({ x: -0.2, y: -0.1 })).toBe('dutyHonor');
    expect(leanOf({ x: 0.2, y: -0.1 })).toBe('dutyReason');
    expect(leanOf({ x: 0, y: -0.1 })).toBe('balanced');
    expect(leanOf({ x: 0.2, y: 0 })).toBe('balanced');
  });
});

describe('positions of raw points', () => {
  it('places raw totals as the results chart does, Reason over 15', () => {
    // love 19/19 = 1, duty 0, honor 7/14 = 0.5, reason 15/15 = 1
    expect(positionsOf([[19, 0, 7, 15]])).toEqual([{ x: 0.5, y: 1 }]);
    // reason 7.5/15 = 0.5 level with honor 7/14: on the vertical axis (over 17 it would sit left of it)
    expect(positionsOf([[19, 0, 7, 7.5]])).toEqual([{ x: 0, y: 1 }]);
  });

  it('places raw totals relative to the range of the crowd', () => {
    const range = {
      min: { love: 0, duty: 0, honor: 0, reason: 0 },
      max: { love: 0.5, duty: 0.5, honor: 0.5, reason: 0.5 },
    };
    // normalized love 0.5 -> 1, duty 0 -> 0, honor 0.25 -> 0.5, reason 0.5 -> 1
    expect(relativePositionsOf([[9.5, 0, 3.5, 8.5]], range)).toEqual([{ x: 0.5, y: 1 }]);
  });
});
