/**
 * How evenly the quiz spreads answer paths over the map and over the
 * literary figures. The bench prints it; a unit test holds it to its bounds.
 */
import { nearestFigures, type FigurePoint } from './nearest-figures.ts';
import { leanOf, type Lean, type LeanCounts } from './points.ts';
import { formatPercent as percent, resultPosition, resultShares } from './scoring.ts';
import type { ValueScores } from './values.ts';

interface BalanceBounds {
  readonly nearestMin: number;
  readonly nearestMax: number;
  readonly axisMean: number;
  readonly leanMin: number;
  readonly leanMax: number;
}

/** What "balanced" means for the quiz and its figures. */
export const BALANCE_BOUNDS: BalanceBounds = {
  /** Every figure is the nearest for at least this share of paths... */
  nearestMin: 0.02,
  /** ...and at most this share. */
  nearestMax: 0.15,
  /** Each axis of the results chart averages within this distance of 0. */
  axisMean: 0.05,
  /** Every lean (corner of the results chart) holds a share of paths in this range. */
  leanMin: 0.2,
  leanMax: 0.3,
};

/** The four leans of a dot, one per corner of the results chart, clockwise from the top right. */
export const LEANS = ['loveReason', 'dutyReason', 'dutyHonor', 'loveHonor'] as const satisfies readonly Lean[];

export interface Balance {
  paths: number;
  /** For each figure, in the order given, the share of paths it is nearest to. */
  nearest: { slug: string; share: number }[];
  /** Mean position on the results chart: x = Reason - Honor, y = Love - Duty. */
  mean: { x: number; y: number };
  /** Share of paths per lean, and on an axis ("balanced"). */
  leans: LeanCounts;
}

/** Reads a set of answer paths, given as their raw totals, the way the results page does. */
export function measureBalance(totals: Iterable<Readonly<ValueScores>>, figures: readonly FigurePoint[]): Balance {
  const nearestCount = new Map(figures.map((f) => [f.slug, 0]));
  const leans: LeanCounts = { loveReason: 0, loveHonor: 0, dutyHonor: 0, dutyReason: 0, balanced: 0 };
  let paths = 0;
  let sumX = 0;
  let sumY = 0;
  for (const total of totals) {
    paths += 1;
    const position = resultPosition(total);
    sumX += position.x;
    sumY += position.y;
    leans[leanOf(position)] += 1;
    const [nearest] = nearestFigures(resultShares(total), figures, 1);
    if (nearest) nearestCount.set(nearest.figure.slug, (nearestCount.get(nearest.figure.slug) ?? 0) + 1);
  }
  const share = (n: number) => (paths > 0 ? n / paths : 0);
  for (const lean of Object.keys(leans) as Lean[]) leans[lean] = share(leans[lean]);
  return {
    paths,
    nearest: figures.map((f) => ({ slug: f.slug, share: share(nearestCount.get(f.slug) ?? 0) })),
    mean: { x: share(sumX), y: share(sumY) },
    leans,
  };
}

/** Every bound a measured balance breaks, in words; empty when it holds them all. */
export function balanceFailures(balance: Balance, bounds: BalanceBounds = BALANCE_BOUNDS): string[] {
  const failures: string[] = [];
  for (const { slug, share } of balance.nearest) {
    if (share < bounds.nearestMin || share > bounds.nearestMax) {
      failures.push(
        `${slug} is nearest for ${percent(share)} of paths, outside ${percent(bounds.nearestMin)}-${percent(bounds.nearestMax)}`,
      );
    }
  }
  for (const axis of ['x', 'y'] as const) {
    const mean = balance.mean[axis];
    if (Math.abs(mean) > bounds.axisMean)
      failures.push(`mean ${axis} is ${mean.toFixed(3)}, beyond ±${bounds.axisMean}`);
  }
  for (const lean of LEANS) {
    const share = balance.leans[lean];
    if (share < bounds.leanMin || share > bounds.leanMax) {
      failures.push(
        `${lean} holds ${percent(share)} of paths, outside ${percent(bounds.leanMin)}-${percent(bounds.leanMax)}`,
      );
    }
  }
  return failures;
}
