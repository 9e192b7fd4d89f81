import { formatCount } from '../../core/display.ts';
import type { ScatterPoints } from '../../lib/api.ts';

export { formatCount };

export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** Which respondents the dots stand for: all of them, or an honest sample. */
export function coverage(points: Pick<ScatterPoints, 'kind' | 'total' | 'raw'>): string {
  return points.kind === 'sample'
    ? `a sample of ${formatCount(points.raw.length)} of ${formatCount(points.total)} respondents`
    : `all ${plural(points.total, 'respondent', 'respondents')}`;
}
