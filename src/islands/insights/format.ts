import type { ScatterPoints } from '../../lib/api.ts';

/**
 * A count as the page prints it: 5,000 rather than 5000. Grouped by hand:
 * a page's first Intl.NumberFormat loads locale data in one task of tens of
 * milliseconds on a phone, for a comma every three digits.
 */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
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
