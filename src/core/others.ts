/**
 * "Others" as the results screen says it: everyone who answered, less the
 * visitor when their own saved result is among them, so that the first
 * respondent is told they are the first rather than that 100% agree.
 */

interface Others {
  /** Respondents besides the visitor. */
  readonly count: number;
  /** How many of them gave the same answer. */
  readonly same: number;
}

/**
 * `share` of `total` respondents gave the visitor's answer; `counted` says
 * whether the visitor is one of them. Null when no one else has answered.
 */
export function othersOf(share: number, total: number, counted: boolean): Others | null {
  const mine = counted ? 1 : 0;
  const count = total - mine;
  if (count <= 0) return null;
  return { count, same: Math.max(0, Math.round(share * total) - mine) };
}

/** "1 other", "9 others". */
export function othersPhrase(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'other' : 'others'}`;
}
