/**
 * A visitor's map over time: their earlier results, kept in their own
 * browser, as a dated trail and one sentence on how they moved. The
 * arithmetic only; storage is lib/trail-storage.ts, state stores/trail.ts.
 */
import { leaningOf } from './map.ts';
import type { Position } from './scoring.ts';

/** At most this many results are kept; the oldest go first. */
export const TRAIL_MAX = 20;

/** One finished result as the trail keeps it. */
export interface PastResult {
  /** The submission's id: the same result shown again (a reload) is kept once. */
  readonly id: string;
  readonly date: Date;
  readonly position: Position;
}

/** The trail with `result` added, oldest first, once per id, the newest TRAIL_MAX only. */
export function addResult<R extends PastResult>(trail: readonly R[], result: R): R[] {
  if (trail.some((r) => r.id === result.id)) return [...trail];
  return [...trail, result].sort((a, b) => a.date.getTime() - b.date.getTime()).slice(-TRAIL_MAX);
}

/** A move shorter than this on an axis is no move: small changes of a few answers read as staying. */
const MOVE_THRESHOLD = 0.05;

/** Which way a dot moved, e.g. "toward Love and Reason"; null when it stayed. */
export function movementOf(from: Position, to: Position): string | null {
  const dy = to.y - from.y;
  const dx = to.x - from.x;
  const vertical = dy > MOVE_THRESHOLD ? 'Love' : dy < -MOVE_THRESHOLD ? 'Duty' : null;
  const horizontal = dx > MOVE_THRESHOLD ? 'Reason' : dx < -MOVE_THRESHOLD ? 'Honor' : null;
  const toward = [vertical, horizontal].filter((v) => v !== null);
  return toward.length === 0 ? null : `toward ${toward.join(' and ')}`;
}

/** A date as the sentence says it, "12 October", with the year when it is not this year's. */
function dayOf(date: Date, now: Date): string {
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}

/**
 * How the visitor moved since an earlier result, e.g. "Since 12 October you
 * moved toward Reason."; a result of the same day is "earlier today", of the
 * day before "yesterday", never today's own date.
 */
export function movementSentence(earlier: PastResult, now: Position, today: Date): string {
  const moved = movementOf(earlier.position, now);
  const days = calendarDays(earlier.date, today);
  const since = `Since ${days <= 0 ? 'earlier today' : days === 1 ? 'yesterday' : dayOf(earlier.date, today)}`;
  return moved ? `${since} you moved ${moved}.` : `${since} you stayed about where you were.`;
}

/** Whole calendar days from `then` to `now`, in local time, so that yesterday evening is a day ago. */
function calendarDays(then: Date, now: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((day(now) - day(then)) / 86_400_000);
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** How long ago a date was, in words: "today", "yesterday", "5 days ago", "3 weeks ago", "2 months ago", "last year". */
export function relativeDay(then: Date, now: Date): string {
  const days = Math.max(0, calendarDays(then, now));
  if (days < 14) return RELATIVE.format(-days, 'day');
  if (days < 60) return RELATIVE.format(-Math.floor(days / 7), 'week');
  if (days < 365) return RELATIVE.format(-Math.floor(days / 30), 'month');
  return RELATIVE.format(-Math.floor(days / 365), 'year');
}

const TIME_OF_DAY = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const TIME_WITH_SECONDS = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * When an earlier result was taken, as its dot on the chart is named: the
 * time for a result of today ("today at 14:05"), so that two of the same day
 * read apart; otherwise how long ago (relativeDay). `precise` names the
 * moment itself, for two results that would read alike: "today at
 * 14:05:09", "12 October at 14:05".
 */
export function whenTaken(then: Date, now: Date, precise = false): string {
  const today = calendarDays(then, now) <= 0;
  if (!precise) return today ? `today at ${TIME_OF_DAY.format(then)}` : relativeDay(then, now);
  return today ? `today at ${TIME_WITH_SECONDS.format(then)}` : `${dayOf(then, now)} at ${TIME_OF_DAY.format(then)}`;
}

/** Each result's whenTaken, precise where two would otherwise read alike. */
export function takenLabels(results: readonly PastResult[], now: Date): string[] {
  const plain = results.map((r) => whenTaken(r.date, now));
  return results.map((r, i) => {
    const label = plain[i] as string;
    return plain.indexOf(label) === plain.lastIndexOf(label) ? label : whenTaken(r.date, now, true);
  });
}

/** An earlier result in words, e.g. "3 weeks ago: leaned toward Duty and Honor", "Today at 09:00: leaned toward Love". */
export function describePastResult(result: PastResult, now: Date, when = whenTaken(result.date, now)): string {
  return `${when.charAt(0).toUpperCase()}${when.slice(1)}: leaned ${leaningOf(result.position)}`;
}
