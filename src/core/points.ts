import type { ValueScores } from './values.ts';
import { positionOf, resultShares, type Position } from './scoring.ts';
import { relativePositionOf, type ValueRange } from './relative.ts';

/** Four numbers in VALUES order, [love, duty, honor, reason]: one respondent's raw totals as the backend sends them. */
export type ValueTuple = readonly [number, number, number, number];

export function scoresFromTuple([love, duty, honor, reason]: ValueTuple): ValueScores {
  return { love, duty, honor, reason };
}

/**
 * Raw totals as stored, read on the results screen's scale (Reason over 15):
 * every dot a person sees sits where that respondent's own results chart put it.
 */
export function sharesFromRaw(raw: ValueTuple): ValueScores {
  return resultShares(scoresFromTuple(raw));
}

/**
 * Which way a dot leans, one name per corner of the results chart: up is
 * Love over Duty, right is Reason over Honor. (A quadrant, QuadrantKey, is
 * the high/low split of one pair of values, which the heatmaps count.)
 */
export type Lean = 'loveReason' | 'loveHonor' | 'dutyHonor' | 'dutyReason' | 'balanced';

/** How many dots lean each way. */
export type LeanCounts = Record<Lean, number>;

/** Which corner of the results chart one dot leans to; a dot on an axis leans neither way on it, so it is "balanced". */
export function leanOf({ x, y }: Position): Lean {
  if (x === 0 || y === 0) return 'balanced';
  if (y > 0) return x > 0 ? 'loveReason' : 'loveHonor';
  return x > 0 ? 'dutyReason' : 'dutyHonor';
}

export function leanCounts(positions: readonly Position[]): LeanCounts {
  const counts: LeanCounts = { loveReason: 0, loveHonor: 0, dutyHonor: 0, dutyReason: 0, balanced: 0 };
  for (const position of positions) counts[leanOf(position)] += 1;
  return counts;
}

/** How many different places the dots fall on: dots of respondents with the same totals coincide and show as one. */
export function distinctPlaces(positions: readonly Position[]): number {
  return new Set(positions.map(({ x, y }) => `${x},${y}`)).size;
}

/** Every raw point placed on the scatterplot: x = Reason - Honor, y = Love - Duty. */
export function positionsOf(raws: readonly ValueTuple[]): Position[] {
  return raws.map((raw) => positionOf(sharesFromRaw(raw)));
}

/** Every raw point placed on the relative scatterplot, rescaled by the crowd's range. */
export function relativePositionsOf(raws: readonly ValueTuple[], range: ValueRange): Position[] {
  return raws.map((raw) => relativePositionOf(sharesFromRaw(raw), range));
}
