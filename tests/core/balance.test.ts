import { describe, expect, it } from 'vitest';
import { randomPathTotals } from '../../scripts/bench-balance.ts';
import { readFigureFiles } from '../../src/figures/files.ts';
import { BALANCE_BOUNDS, LEANS, balanceFailures, measureBalance, type Balance } from '../../src/core/balance.ts';

describe('measuring balance', () => {
  const figures = [
    { slug: 'lover', shares: { love: 0.8, duty: 0.1, honor: 0.3, reason: 0.2 } },
    { slug: 'thinker', shares: { love: 0.2, duty: 0.3, honor: 0.2, reason: 0.9 } },
    { slug: 'nobody', shares: { love: 0, duty: 1, honor: 1, reason: 0 } },
  ];

  it('counts nearest figures, mean position and quadrants over the results-page reading', () => {
    const balance = measureBalance(
      [
        // love 19/19, duty 0, honor 0, reason 6/15 -> shares (1, 0, 0, 0.4): the lover; x 0.4, y 1
        { love: 19, duty: 0, honor: 0, reason: 6 },
        // shares (0, 0.5, 0.5, 1): the thinker; x 0.5, y -0.5
        { love: 0, duty: 8.5, honor: 7, reason: 15 },
        // shares (0.5, 0, 0.5, 0): the lover; x -0.5, y 0.5
        { love: 9.5, duty: 0, honor: 7, reason: 0 },
        // all zero: squared distances: the lover 0.78, the thinker 0.98, nobody 2; on both axes
        { love: 0, duty: 0, honor: 0, reason: 0 },
      ],
      figures,
    );
    expect(balance.paths).toBe(4);
    expect(balance.nearest).toEqual([
      { slug: 'lover', share: 0.75 },
      { slug: 'thinker', share: 0.25 },
      { slug: 'nobody', share: 0 },
    ]);
    expect(balance.mean.x).toBeCloseTo((0.4 + 0.5 - 0.5 + 0) / 4, 12);
    expect(balance.mean.y).toBeCloseTo((1 - 0.5 + 0.5 + 0) / 4, 12);
    expect(balance.leans).toEqual({
      loveReason: 0.25,
      dutyReason: 0.25,
      loveHonor: 0.25,
      dutyHonor: 0,
      balanced: 0.25,
    });
  });

  it('names every bound a measure breaks, and none when all hold', () => {
    const fine: Balance = {
      paths: 100,
      nearest: [
        { slug: 'a', share: 0.02 },
        { slug: 'b', share: 0.15 },
      ],
      mean: { x: 0.05, y: -0.05 },
      leans: { loveReason: 0.2, dutyReason: 0.3, dutyHonor: 0.25, loveHonor: 0.25, balanced: 0 },
    };
    expect(balanceFailures(fine)).toEqual([]);
    const off: Balance = {
      ...fine,
      nearest: [
        { slug: 'rare', share: 0.019 },
        { slug: 'common', share: 0.151 },
      ],
      mean: { x: 0.1, y: -0.051 },
      leans: { loveReason: 0.7, dutyReason: 0.1, dutyHonor: 0.1, loveHonor: 0.1, balanced: 0 },
    };
    expect(balanceFailures(off)).toEqual([
      'rare is nearest for 1.9% of paths, outside 2.0%-15.0%',
      'common is nearest for 15.1% of paths, outside 2.0%-15.0%',
      'mean x is 0.100, beyond ±0.05',
      'mean y is -0.051, beyond ±0.05',
      'loveReason holds 70.0% of paths, outside 20.0%-30.0%',
      'dutyReason holds 10.0% of paths, outside 20.0%-30.0%',
      'dutyHonor holds 10.0% of paths, outside 20.0%-30.0%',
      'loveHonor holds 10.0% of paths, outside 20.0%-30.0%',
    ]);
  });
});

describe('the quiz and its figures', () => {
  // 20,000 seeded paths: a share near a bound moves by about 0.2 points between seeds at this size,
  // so the bounds are checked with a margin that no seed could cross by chance.
  const PATHS = 20_000;
  const MARGIN = { nearest: 0.01, axisMean: 0.02, lean: 0.015 };
  const strict = {
    nearestMin: BALANCE_BOUNDS.nearestMin + MARGIN.nearest,
    nearestMax: BALANCE_BOUNDS.nearestMax - MARGIN.nearest,
    axisMean: BALANCE_BOUNDS.axisMean - MARGIN.axisMean,
    leanMin: BALANCE_BOUNDS.leanMin + MARGIN.lean,
    leanMax: BALANCE_BOUNDS.leanMax - MARGIN.lean,
  };

  for (const seed of [1, 2026]) {
    it(`hold every balance bound, with margin, on ${PATHS.toLocaleString('en')} random paths (seed ${seed})`, () => {
      const figures = readFigureFiles();
      const balance = measureBalance(randomPathTotals(PATHS, seed), figures);
      expect(balance.paths).toBe(PATHS);
      expect(balance.nearest.map((n) => n.slug)).toEqual(figures.map((f) => f.slug));
      expect(balanceFailures(balance, strict)).toEqual([]);
      // Every path lands somewhere: the four quadrants and the axes make up the whole.
      const total = LEANS.reduce((sum, q) => sum + balance.leans[q], balance.leans.balanced);
      expect(total).toBeCloseTo(1, 12);
      expect(balance.nearest.reduce((sum, n) => sum + n.share, 0)).toBeCloseTo(1, 12);
    });
  }
});
