import type { ScatterPoints } from '../../lib/api.ts';

// One formatter for every count: toLocaleString builds a new one on each call, which costs more than the page's arithmetic.
const COUNT = new Intl.NumberFormat('en-US');

/** A count as the page prints it: 5,000 rather than 5000. */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** Which respondents the dots stand for: all of them, or an honest sample. */
export function coverage(points: Pick<ScatterPoints, 'kind' | 'total' | 'raw'>): string {
  return points.kind === 'sample'
    ? `a sample of ${formatCount(points.raw.length)} of ${formatCount(points.total)} respondents`
    : `all ${plural(points.total, 'respondent', 'respondents')}`;
}
