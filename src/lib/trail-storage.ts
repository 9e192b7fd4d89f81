/**
 * The visitor's earlier results as this browser keeps them, in
 * localStorage and nowhere else: nothing here is ever sent but the secret,
 * which went with the save and goes with a withdrawal from the site (only
 * hashes of it are stored there). Each result is its submission id, the
 * date, that secret and its share code (lib/share-link.ts), so its
 * scores are read again from the questions and a stored value can carry no
 * position of its own. Whatever does not read back as a result of this
 * quiz (damaged, edited, another site's) is dropped, never shown.
 */
import { addResult, TRAIL_MAX, type PastResult } from '../core/trail-math.ts';
import { resultPosition } from '../core/scoring.ts';
import { totalsOf } from '../core/totals.ts';
import { isSubmissionId, isWithdrawalSecret } from './ids.ts';
import { decodeShareCode, encodeShareCode } from './share-link.ts';
import type { GivenAnswer } from '../core/scoring.ts';
import { readStored, TRAIL_KEY, writeList } from './browser-storage.ts';

/** One result in its stored form. */
interface StoredResult {
  readonly id: string;
  /** ISO 8601. */
  readonly date: string;
  readonly code: string;
  /** Absent for results saved before withdrawals existed, and for those the site does not hold. */
  readonly secret?: string;
  /** The published batch that holds the save (core/own-save.ts); absent until the site said. */
  readonly batch?: number;
}

/** What the trail keeps of a result: its answers, read again from the share code that stands for them. */
export interface KeptResult extends PastResult {
  readonly answers: readonly GivenAnswer[];
  /** What takes the result back from the site; null when this browser cannot. */
  readonly secret: string | null;
  /** The published batch that holds the save; null until the site said. */
  readonly batch: number | null;
}

function readOne(value: unknown, now: Date): KeptResult | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, date, code, secret, batch } = value as Record<string, unknown>;
  if (!isSubmissionId(id) || typeof date !== 'string' || typeof code !== 'string') return null;
  const when = new Date(date);
  // A date that cannot be read, or one still to come, was not written by this quiz.
  if (Number.isNaN(when.getTime()) || when.getTime() > now.getTime() + 60_000) return null;
  const answers = decodeShareCode(code);
  const key = isWithdrawalSecret(secret) ? secret : null;
  const published = Number.isSafeInteger(batch) && (batch as number) > 0 ? (batch as number) : null;
  return (
    answers && { id, date: when, answers, secret: key, batch: published, position: resultPosition(totalsOf(answers)) }
  );
}

/** The kept results, oldest first; damaged or foreign entries are left out. */
export function readTrail(now = new Date()): KeptResult[] {
  const stored = readStored('localStorage', TRAIL_KEY, (value) => (Array.isArray(value) ? (value as unknown[]) : null));
  return (stored ?? [])
    .slice(-TRAIL_MAX)
    .map((v) => readOne(v, now))
    .filter((r) => r !== null)
    .sort((a, b) => a.date.getTime() - b.date.getTime());
}

function writeTrail(trail: readonly KeptResult[]): void {
  const stored: StoredResult[] = trail.map(({ id, date, answers, secret, batch }) => ({
    id,
    date: date.toISOString(),
    code: encodeShareCode(answers),
    ...(secret === null ? {} : { secret }),
    ...(batch === null ? {} : { batch }),
  }));
  // Full or blocked storage: the trail is a keepsake, the results are shown all the same.
  if (!writeList('localStorage', TRAIL_KEY, stored)) console.warn('Could not keep this result in the browser');
}

/** Keeps a finished result (once per id) and returns the trail as now kept. */
export function keepResult(
  id: string,
  answers: readonly GivenAnswer[],
  date: Date,
  secret: string | null = null,
): KeptResult[] {
  const kept = readTrail(date);
  const next = addResult(kept, { id, date, answers, secret, batch: null, position: resultPosition(totalsOf(answers)) });
  writeTrail(next);
  return next;
}

/** Notes the batch that publishes a kept result's save, and returns the trail as now kept. */
export function keepBatch(id: string, batch: number): KeptResult[] {
  const next = readTrail().map((r) => (r.id === id ? { ...r, batch } : r));
  writeTrail(next);
  return next;
}

/** Forgets every kept result but `keep` (the one on screen), and returns what is left. */
export function forgetResults(keep: string | null): KeptResult[] {
  const left = readTrail().filter((r) => r.id === keep);
  writeTrail(left);
  return left;
}

/** Drops one result (taken back from the site), and returns what is left. */
export function dropResult(id: string): KeptResult[] {
  const left = readTrail().filter((r) => r.id !== id);
  writeTrail(left);
  return left;
}
