/**
 * The visitor's map over time: their finished results kept in this browser
 * (lib/trail-storage.ts), whether the chart shows them as a trail, and
 * forgetting them. Loaded with the results screen. A result is kept when
 * the visitor's own finished quiz is on screen; a shared result or test
 * mode (no submission) keeps nothing.
 */
import { atom, computed, onMount } from 'nanostores';
import { withdrawalSecretOf } from '../lib/withdrawals.ts';
import { dropResult, forgetResults, keepResult, readTrail, type KeptResult } from '../lib/trail-storage.ts';
import { decodeShareCode } from '../lib/share-link.ts';
import { $progress, restoreProgress } from './quiz.ts';
import { keepRunSaved } from './finished.ts';
import { $finished, $resultOrigin } from './finished.ts';

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

// Results taken back from the site during this visit, whose secrets the page still knows.
const takenBack = new Set<string>();

function keepFinished(): void {
  const { screen, submissionId, answers } = $progress.get();
  const finished = $finished.get();
  // Only the visitor's own result, once its save is under way: never test mode, a shared result or one being left.
  if (screen !== 'results' || !('submissionId' in finished) || finished.submissionId !== submissionId) return;
  // Every save of this quiz is sent with a secret, known until the trail keeps it. A result
  // shown again without one is kept already, or was taken back from the site: not kept again.
  const secret = withdrawalSecretOf(submissionId);
  if (takenBack.has(submissionId) || secret === null) return;
  $trail.set(keepResult(submissionId, answers, new Date(), secret));
}

onMount($trail, () => {
  $trail.set(readTrail());
  // The save that gives the result its secret may start just after the screen shows it.
  const stopFinished = $finished.listen(keepFinished);
  const stopProgress = $progress.subscribe(keepFinished);
  return () => {
    stopFinished();
    stopProgress();
  };
});

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
  takenBack.add(id);
  $trail.set(dropResult(id));
}

/**
 * A returning visitor's kept result shown again, from the intro: never
 * saved again, and, as the run on screen, replaced if its answers change.
 */
export function showKeptResult(id: string): void {
  const kept = readTrail().find((r) => r.id === id);
  const answers = kept && decodeShareCode(kept.code);
  if (!answers) return;
  keepRunSaved(id);
  restoreProgress({
    screen: 'results',
    name: '',
    answers: answers.map((a) => ({ ...a, seconds: null })),
    submissionId: id,
  });
}
