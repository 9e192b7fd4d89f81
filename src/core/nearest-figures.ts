/**
 * Literary figures as the core sees them: a name to tell them apart and a
 * place on the map. Their texts live in src/content/figures; whoever reads
 * those (Astro's collection, a script, a test) hands the figures in here.
 */
import { percentFigure, type Position } from './scoring.ts';
import { VALUES, type ValueScores } from './values.ts';

/** What matching needs of a figure: its anchor on /figures and its four shares. */
export interface FigurePoint {
  readonly slug: string;
  /** Love, Duty, Honor and Reason as fractions of 1, read like the results page's percentages. */
  readonly shares: Readonly<ValueScores>;
}

interface FigureMatch<F extends FigurePoint> {
  readonly figure: F;
  readonly distance: number;
}

/** The page that holds every figure, and the address of one figure's entry on it. */
const FIGURES_PATH = '/figures';

export function figureHref(slug: string): string {
  return `${FIGURES_PATH}#${slug}`;
}

/** Straight-line distance between two readings, over all four shares at once. */
export function shareDistance(a: Readonly<ValueScores>, b: Readonly<ValueScores>): number {
  return Math.sqrt(VALUES.reduce((sum, v) => sum + (a[v] - b[v]) ** 2, 0));
}

/**
 * The figures closest to a reading, nearest first. Equal distances are
 * ordered by slug, so every caller names the same figure whatever order it
 * loaded them in.
 */
export function nearestFigures<F extends FigurePoint>(
  shares: Readonly<ValueScores>,
  figures: readonly F[],
  count = 3,
): FigureMatch<F>[] {
  return figures
    .map((figure) => ({ figure, distance: shareDistance(shares, figure.shares) }))
    .sort((a, b) => a.distance - b.distance || compareSlugs(a.figure.slug, b.figure.slug))
    .slice(0, Math.max(0, count));
}

function compareSlugs(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A difference of two of the results screen's percentages, in its words:
 * the dot's height is Love's percentage minus Duty's, so 0.47 is 47.0 points.
 */
function points(difference: number): string {
  return `${percentFigure(Math.abs(difference))} percentage points`;
}

/** A place on the results chart in words, e.g. "Love over Duty by 47.0 percentage points, Honor over Reason by 25.0 percentage points". */
export function describePosition({ x, y }: Position): string {
  const vertical = y === 0 ? 'Love and Duty even' : `${y > 0 ? 'Love over Duty' : 'Duty over Love'} by ${points(y)}`;
  const horizontal =
    x === 0 ? 'Honor and Reason even' : `${x > 0 ? 'Reason over Honor' : 'Honor over Reason'} by ${points(x)}`;
  return `${vertical}, ${horizontal}`;
}
