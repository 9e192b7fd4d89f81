/**
 * The result on screen besides the visitor's own answers: where it came
 * from, and what became of its save. Also the watch that sends saves still
 * waiting in the outbox. The comparisons with everyone else live in
 * comparisons.ts, which loads with the results screen.
 */
import { atom } from 'nanostores';
import type { NamedResult } from '../core/result.ts';
import type { SubmitInput } from '../lib/api.ts';
import { lazyOnce } from '../lib/lazy.ts';
import { onReconnect } from '../lib/network.ts';
import { addPending, readPending, SAVE_ERROR_MESSAGE, STILL_WAITING_MESSAGE } from '../lib/outbox.ts';
import type { SaveOutcome } from '../lib/submission-sender.ts';

/** Where the results on screen came from: this visit's quiz or a share link. */
export type ResultOrigin = 'quiz' | 'shared';

/**
 * What happened to the finished quiz. Nothing of it is shown to the visitor;
 * it tells the results screen when the average may include their own row.
 */
export type SaveStatus = 'none' | 'test-mode' | 'saving' | SaveOutcome;

export const $resultOrigin = atom<ResultOrigin>('quiz');
export const $saveStatus = atom<SaveStatus>('none');

/** The first name a shared result came with, shown as text only; null for none or for the visitor's own result. */
export const $sharedName = atom<string | null>(null);

/**
 * The friend's result the one on screen is compared with: kept from a
 * friend's link while the visitor takes the quiz, or read from a link that
 * holds a comparison. Unlike the rest, a new quiz keeps it: that quiz is
 * what it waits for.
 */
export const $friend = atom<NamedResult | null>(null);

/**
 * Which result may now be compared with everyone else's: a number of its
 * own once its save has settled (so that the average includes the visitor)
 * or at once when nothing is saved; null while there is none.
 */
export const $comparable = atom<number | null>(null);

/*
 * Sending and the API client are not needed to show the first screens, so
 * they load once the quiz starts rather than with the page. Loading them at
 * the start, not at the end, means a visitor who goes offline mid-quiz still
 * has them when the last answer is saved.
 */
export const loadSender = lazyOnce(() => import('../lib/submission-sender.ts'));

// Bumped on every clear so that a save settling late lands nowhere.
let generation = 0;

export function clearResults(): void {
  generation += 1;
  $resultOrigin.set('quiz');
  $saveStatus.set('none');
  $sharedName.set(null);
  $comparable.set(null);
}

/**
 * A share link's result, under the name it came with and, for a comparison,
 * beside the friend's: nothing is sent, it may be compared at once.
 */
export function showSharedResult(name: string | null = null, friend: NamedResult | null = null): void {
  clearResults();
  $resultOrigin.set('shared');
  $sharedName.set(name);
  $friend.set(friend);
  $comparable.set(generation);
}

/** Keeps a result to compare the next quiz with; null forgets it. */
export function keepFriend(friend: NamedResult | null): void {
  $friend.set(friend);
}

function settle(run: number, status: SaveStatus): void {
  if (run !== generation) return;
  $saveStatus.set(status);
  $comparable.set(run);
}

/**
 * Saves a finished quiz under `submissionId`; null is test mode, which
 * saves nothing. It may be compared once the save has settled.
 */
export function saveResult(submissionId: string | null, name: string, answers: SubmitInput['answers']): void {
  if (submissionId === null) return settle(generation, 'test-mode');
  const submission: SubmitInput = { submission_id: submissionId, name: name || null, answers };
  // Kept before anything else can fail, so that a page reload sends it.
  addPending(submission);
  send(submission);
}

/**
 * A finished quiz shown again (a reload, Forward onto its results): never a
 * second save. One still waiting in the outbox is sent now, once.
 */
export function resumeResult(submissionId: string | null): void {
  clearResults();
  const waiting = readPending().find((s) => s.submission_id === submissionId);
  if (waiting) send(waiting);
  else settle(generation, submissionId === null ? 'test-mode' : 'stored');
}

function send(submission: SubmitInput): void {
  const run = generation;
  $saveStatus.set('saving');
  loadSender()
    .then((sender) => sender.sendSubmission(submission))
    .catch((error: unknown): SaveOutcome => {
      console.error(SAVE_ERROR_MESSAGE, error);
      return 'queued';
    })
    .then((outcome) => settle(run, outcome));
}

function sendWaitingSaves(): void {
  if (readPending().length === 0) return;
  loadSender()
    .then((sender) => sender.sendPending())
    .catch((error: unknown) => console.warn(STILL_WAITING_MESSAGE, error));
}

/**
 * Sends saves left from an earlier visit or a failed send now and whenever
 * the network is back; returns the stop. The quiz store runs it while shown.
 */
export function watchOutbox(): () => void {
  sendWaitingSaves();
  return onReconnect(sendWaitingSaves);
}
