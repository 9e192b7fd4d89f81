/**
 * What the quiz store must know of a finished quiz on "/" from the first
 * paint: where the result on screen came from and whose it is. The rest of a
 * result's life (its save, the comparison with everyone) is stores/results.ts,
 * loaded while the quiz runs, so that the outbox and the reads do not weigh
 * on the page before anyone has answered.
 */
import { atom, computed } from 'nanostores';
import type { NamedResult } from '../core/result.ts';
import { readStored, writeStored } from '../lib/browser-storage.ts';
import type { QueueReason } from '../lib/send-again-later.ts';

export type Finished =
  /** No result on screen. */
  | { readonly phase: 'none' }
  /** A share link's result, under the first name it came with: nothing to save. */
  | { readonly phase: 'shared'; readonly name: string | null }
  /** Test mode: nothing to save. */
  | { readonly phase: 'test-mode' }
  | { readonly phase: 'saving'; readonly submissionId: string }
  /** Where a send left the save (lib/outbox.ts answers in these very phases): stored, */
  | { readonly phase: 'saved'; readonly submissionId: string }
  /** kept in the outbox, sent again on reload, on reconnect and after a pause (lib/send-again-later.ts), */
  | { readonly phase: 'queued'; readonly submissionId: string; readonly reason: QueueReason }
  /** or refused for good (only a tampered outbox is): dropped. */
  | { readonly phase: 'rejected'; readonly submissionId: string };

export const $finished = atom<Finished>({ phase: 'none' });

/** Where the results on screen came from: this visit's quiz or a share link. */
export type ResultOrigin = 'quiz' | 'shared';

export const $resultOrigin = computed($finished, (f): ResultOrigin => (f.phase === 'shared' ? 'shared' : 'quiz'));

/** The first name a shared result came with, shown as text only; null for none or for the visitor's own result. */
export const $sharedName = computed($finished, (f) => (f.phase === 'shared' ? f.name : null));

/**
 * The friend's result the one on screen is compared with: kept from a
 * friend's link while the visitor takes the quiz, or read from a link that
 * holds a comparison. Unlike the rest, a new quiz keeps it: that quiz is
 * what it waits for.
 */
export const $friend = atom<NamedResult | null>(null);

/** Keeps a result to compare the next quiz with; null forgets it. */
export function keepFriend(friend: NamedResult | null): void {
  $friend.set(friend);
}

/** No result on screen; the comparison, once loaded, follows (stores/results.ts). */
export function clearResults(): void {
  $finished.set({ phase: 'none' });
}

/** Where this tab keeps the id its current run was saved under, so that a reload still knows what to replace. */
const RUN_KEY = 'myc.run-result.v1';

let runResult: string | null = null;

/** The id this run of the quiz (from Start Quiz on) was last saved under; null before its end. */
export function runSaved(): string | null {
  return readStored('sessionStorage', RUN_KEY, (v) => (typeof v === 'string' ? v : null)) ?? runResult;
}

/** Keeps (or, with null, forgets: a new run's result is a new row) the id this run was saved under. */
export function keepRunSaved(id: string | null): void {
  runResult = id;
  // Blocked storage: this page's memory still knows the run's result.
  writeStored('sessionStorage', RUN_KEY, id);
}
