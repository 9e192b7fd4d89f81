/**
 * Moving from dot to dot of a scatterplot with the arrow keys: the keyboard's
 * way to the respondents a pointer clicks on.
 */
import type { Position } from './scoring.ts';

export type StepDirection = 'left' | 'right' | 'up' | 'down';

/** The arrow keys, and where each moves on a plot whose y grows upward. */
export const ARROW_STEPS: Readonly<Record<string, StepDirection>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/**
 * The dot one step from dot `from` in `direction`: of the dots ahead in that
 * direction, the nearest, a step across the direction counting double, so
 * that the move keeps to its line. Dots on the very place of `from` (the
 * same answers) are skipped: they are one stop. With no dot yet (`from`
 * null), the dot nearest the plot's center; null when none lies ahead.
 */
export function stepDot(positions: readonly Position[], from: number | null, direction: StepDirection): number | null {
  const start = from === null ? null : positions[from];
  let best: number | null = null;
  let bestCost = Infinity;
  positions.forEach((p, i) => {
    let cost: number;
    if (!start) {
      cost = Math.hypot(p.x, p.y);
    } else {
      const dx = p.x - start.x;
      const dy = p.y - start.y;
      const ahead = direction === 'right' ? dx : direction === 'left' ? -dx : direction === 'up' ? dy : -dy;
      const across = direction === 'left' || direction === 'right' ? Math.abs(dy) : Math.abs(dx);
      if (ahead <= 0 || (dx === 0 && dy === 0)) return;
      cost = ahead + 2 * across;
    }
    if (cost < bestCost) {
      bestCost = cost;
      best = i;
    }
  });
  return best;
}

/** Whether two respondents' raw totals are the same, and so their dots one spot. */
export const samePlace = (a: readonly number[], b: readonly number[]): boolean => a.every((v, i) => v === b[i]);

/** Every dot on the very place of dot `index`, `index` first: respondents whose answers put them on one spot. */
export function stackedWith<T>(items: readonly T[], index: number, samePlace: (a: T, b: T) => boolean): number[] {
  const here = items[index];
  if (here === undefined) return [];
  const others = items.flatMap((item, i) => (i !== index && samePlace(item, here) ? [i] : []));
  return [index, ...others];
}
