import type { ScatterDataPoint } from 'chart.js';
import type { Position } from '../../core/scoring.ts';

/** Sort keys hold the index below this; x above it, in steps of 1 / X_STEPS. */
const INDEX_LIMIT = 2 ** 22;
const X_STEPS = 2 ** 20;

/**
 * Points as Chart.js keeps them, sorted by x as it requires of data it does
 * not parse.
 * Each point's x and index are packed into one number, so that the typed
 * array's native numeric sort does the work: a comparator sort of thousands
 * of points is a long task of its own. Two dots closer than 1 / X_STEPS
 * (far below a pixel) keep their input order.
 */
export function sortedPoints(positions: readonly Position[]): ScatterDataPoint[] {
  if (positions.length >= INDEX_LIMIT) throw new RangeError(`too many points to sort: ${positions.length}`);
  const keys = new Float64Array(positions.length);
  for (let i = 0; i < positions.length; i++) {
    keys[i] = Math.round((positions[i]!.x + 1) * X_STEPS) * INDEX_LIMIT + i;
  }
  keys.sort();
  const data = new Array<ScatterDataPoint>(keys.length);
  for (let k = 0; k < keys.length; k++) {
    const i = keys[k]! % INDEX_LIMIT;
    data[k] = { x: positions[i]!.x, y: positions[i]!.y };
  }
  return data;
}
