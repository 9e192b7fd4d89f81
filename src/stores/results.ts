/**
 * What the results screen shows besides the visitor's own answers: where the
 * result came from, what became of its save, and the two reads that compare
 * it with everyone else. Also the watch that sends saves still waiting in the
 * outbox.
 */
import { atom } from 'nanostores';
import type { ValueScores } from '../core/values.ts';
import type { QuestionShares, ResponseStats, SubmitInput } from '../lib/api.ts';
import { lazyOnce } from '../lib/lazy.ts';
import { onReconnect } from '../lib/network.ts';
import { addPending, newSubmissionId, readPending, SAVE_ERROR_MESSAGE } from '../lib/outbox.ts';
import type { SaveOutcome } from '../lib/submission-sender.ts';
import { remoteData } from './remote.ts';

/** Where the results on screen came from: this visit's quiz or a share link. */
export type ResultOrigin = 'quiz' | 'shared';

/**
 * What happened to the finished quiz. Nothing of it is shown to the visitor;
 * it tells the results screen when the average may include their own row.
 */
export type SaveStatus = 'none' | 'test-mode' | 'saving' | SaveOutcome;

export interface Comparison {
  count: number;
  mean: ValueScores;
}

export const $resultOrigin = atom<ResultOrigin>('quiz');
export const $saveStatus = atom<SaveStatus>('none');

const comparison = remoteData<Comparison, ResponseStats>('comparison data', ({ count, love, duty, honor, reason }) =>
  count === 0 || love === null || duty === null || honor === null || reason === null
    ? null
    : { count, mean: { love, duty, honor, reason } },
);
const answerShares = remoteData<QuestionShares[]>('answer shares', (shares) =>
  shares.some((q) => q.total > 0) ? shares : null,
);

export const $comparison = comparison.$state;
export const $answerShares = answerShares.$state;

/*
 * Sending and the API client are not needed to show the first screens, so
 * they load once the quiz starts rather than with the page. Loading them at
 * the start, not at the end, means a visitor who goes offline mid-quiz still
 * has them when the last answer is saved.
 */
export const loadSender = lazyOnce(() => import('../lib/submission-sender.ts'));
const loadApi = lazyOnce(() => import('../lib/api.ts'));

// Bumped on every clear so that a save settling late lands nowhere.
let generation = 0;

export function clearResults(): void {
  generation += 1;
  $resultOrigin.set('quiz');
  $saveStatus.set('none');
  comparison.reset();
  answerShares.reset();
}

function loadComparisons(): void {
  void comparison.load(async () => (await loadApi()).fetchResponseStats(), { retryOnReconnect: true });
  void answerShares.load(async () => (await loadApi()).fetchAnswerShares(), { retryOnReconnect: true });
}

/** A share link's result: nothing is sent, the comparisons load at once. */
export function showSharedResult(): void {
  clearResults();
  $resultOrigin.set('shared');
  loadComparisons();
}

/**
 * Saves a finished quiz (unless in test mode), then loads the comparisons, so
 * that the average includes this visitor once they are stored.
 */
export function saveResult(name: string, answers: SubmitInput['answers'], testMode: boolean): void {
  const run = generation;
  if (testMode) {
    $saveStatus.set('test-mode');
    loadComparisons();
    return;
  }
  $saveStatus.set('saving');
  const submission: SubmitInput = { submission_id: newSubmissionId(), name: name || null, answers };
  // Kept before anything else can fail, so that a page reload sends it.
  addPending(submission);
  loadSender()
    .then((sender) => sender.sendSubmission(submission))
    .catch((error: unknown): SaveOutcome => {
      console.error(SAVE_ERROR_MESSAGE, error);
      return 'queued';
    })
    .then((outcome) => {
      if (run !== generation) return;
      $saveStatus.set(outcome);
      loadComparisons();
    });
}

function sendWaitingSaves(): void {
  if (readPending().length === 0) return;
  loadSender()
    .then((sender) => sender.sendPending())
    .catch((error: unknown) => console.warn('Saved scores are still waiting to be stored', error));
}

/**
 * Sends saves left from an earlier visit or a failed send now and whenever
 * the network is back; returns the stop. The quiz store runs it while shown.
 */
export function watchOutbox(): () => void {
  sendWaitingSaves();
  return onReconnect(sendWaitingSaves);
}
