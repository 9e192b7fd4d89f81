import { VALUES, zeroScores, type ValueScores } from './values.ts';
import { positionOf, type Position } from './scoring.ts';

/** The lowest and highest normalized value anyone reached, per value. */
export interface ValueRange {
  min: Readonly<ValueScores>;
  max: Readonly<ValueScores>;
}

/**
 * Each value moved onto 0..1 between the lowest and the highest anyone
 * scored, so that the crowd spreads over the whole plot. When everyone
 * scored the same on a value there is nothing to spread: it sits at 0.5.
 */
export function rescaleToRange(normalized: Readonly<ValueScores>, range: ValueRange): ValueScores {
  const out = zeroScores();
  for (const v of VALUES) {
    const span = range.max[v] - range.min[v];
    out[v] = span > 0 ? Math.max(0, Math.min(1, (normalized[v] - range.min[v]) / span)) : 0.5;
  }
  return out;
}

/** Where a respondent sits on the relative scatterplot. */
export function relativePositionOf(normalized: Readonly<ValueScores>, range: ValueRange): Position {
  return positionOf(rescaleToRange(normalized, range));
}
