/**
 * The visitor's map over time: their finished results kept in this browser
 * (lib/trail-storage.ts), whether the chart shows them as a trail, and
 * forgetting them. Loaded with the results screen. A result is kept when
 * the visitor's own finished quiz is on screen; a shared result or test
 * mode (no submission) keeps nothing.
 */
import { atom, computed, onMount } from 'nanostores';
import { dropResult, forgetResults, keepBatch, keepResult, readTrail, type KeptResult } from '../lib/trail-storage.ts';
import { $progress } from './progress.ts';
import { $resultOrigin } from './finished.ts';
import type { GivenAnswer } from '../core/scoring.ts';
import type { OwnSave } from '../core/own-save.ts';

/** Every kept result, oldest first. */
export const $trail = atom<readonly KeptResult[]>([]);

/** Whether the results chart shows the earlier results; off until the visitor asks. */
export const $trailShown = atom(false);

/** The visitor's results before the one on screen, oldest first; none beside a shared result. */
export const $earlierResults = computed([$trail, $progress, $resultOrigin], (trail, progress, origin) => {
  if (origin !== 'quiz' || progress.screen !== 'results') return [];
  // Kept in order, so the ones before the result on screen are its earlier ones (all of them for one not kept).
  const current = trail.findIndex((r) => r.id === progress.submissionId);
  return current < 0 ? trail : trail.slice(0, current);
});

onMount($trail, () => {
  $trail.set(readTrail());
});

/**
 * Keeps the visitor's own finished result, with the secret its save was
 * sent with (stores/results.ts hands both over as the save starts): test
 * mode and shared results never come here.
 */
export function keepInTrail(id: string, answers: readonly GivenAnswer[], secret: string): void {
  $trail.set(keepResult(id, answers, new Date(), secret));
}

/** The secret that takes a kept result back from the site; null when this browser cannot. */
export function keptSecretOf(id: string): string | null {
  return readTrail().find((r) => r.id === id)?.secret ?? null;
}

/** Notes which published batch holds a kept result's save, as the site said when it stored it. */
export function keepBatchInTrail(id: string, batch: number): void {
  $trail.set(keepBatch(id, batch));
}

/** A kept result's save as the public figures may still lack it; null when this browser does not know its batch. */
export function ownSaveOf(id: string): OwnSave | null {
  const kept = readTrail().find((r) => r.id === id);
  return kept && kept.batch !== null ? { answers: kept.answers, batch: kept.batch } : null;
}

export function showTrail(shown: boolean): void {
  $trailShown.set(shown);
}

/** Forgets the earlier results; the one on screen stays kept, as the next quiz's "last time". */
export function forgetEarlierResults(): void {
  $trail.set(forgetResults($progress.get().submissionId));
  $trailShown.set(false);
}

/** Drops a result taken back from the site: it is no longer the visitor's map. */
export function dropFromTrail(id: string): void {
  $trail.set(dropResult(id));
}
