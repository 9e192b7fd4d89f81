import { VALUES, zeroScores, type ValueScores } from './values.ts';
import { positionOf, savedNormalized, type Position } from './scoring.ts';
import { relativePositionOf, type ValueRange } from './relative.ts';

/** Four numbers in VALUES order: [love, duty, honor, reason]. */
export type ValueTuple = readonly [number, number, number, number];

export function scoresFromTuple(tuple: ValueTuple): ValueScores {
  const out = zeroScores();
  VALUES.forEach((v, i) => {
    out[v] = tuple[i as 0 | 1 | 2 | 3];
  });
  return out;
}

/** Raw totals as stored, normalized the way the database saves them. */
export function normalizedFromRaw(raw: ValueTuple): ValueScores {
  return savedNormalized(scoresFromTuple(raw));
}

/** How many dots lean each way: up is Love over Duty, right is Reason over Honor. */
export interface LeanCounts {
  loveReason: number;
  loveHonor: number;
  dutyHonor: number;
  dutyReason: number;
  /** Dots on an axis, leaning neither way on at least one of them. */
  balanced: number;
}

export function leanCounts(positions: readonly Position[]): LeanCounts {
  const counts: LeanCounts = { loveReason: 0, loveHonor: 0, dutyHonor: 0, dutyReason: 0, balanced: 0 };
  for (const { x, y } of positions) {
    if (x === 0 || y === 0) counts.balanced += 1;
    else if (y > 0) counts[x > 0 ? 'loveReason' : 'loveHonor'] += 1;
    else counts[x > 0 ? 'dutyReason' : 'dutyHonor'] += 1;
  }
  return counts;
}

/** Every raw point placed on the scatterplot: x = Reason - Honor, y = Love - Duty. */
export function positionsOf(raws: readonly ValueTuple[]): Position[] {
  return raws.map((raw) => positionOf(normalizedFromRaw(raw)));
}

/** Every raw point placed on the relative scatterplot, rescaled by the crowd's range. */
export function relativePositionsOf(raws: readonly ValueTuple[], range: ValueRange): Position[] {
  return raws.map((raw) => relativePositionOf(normalizedFromRaw(raw), range));
}
