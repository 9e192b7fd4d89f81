/**
 * A finished quiz's life, from the last answer to the comparison on screen,
 * as one explicit state ($finished): where the result came from, what became
 * of its save (kept in the outbox before it is sent, lib/outbox.ts), and,
 * once the save has settled so that the average includes the visitor, the
 * comparison with everyone else's ($comparison, $answerShares). A save that
 * settles after its result has gone lands nowhere: it settles only the state
 * that is still waiting for that very submission.
 */
import { atom, computed } from 'nanostores';
import type { NamedResult } from '../core/result.ts';
import type { GivenAnswer } from '../core/scoring.ts';
import type { ValueScores } from '../core/values.ts';
import type { QuestionShares, ResponseStats } from '../lib/api.ts';
import { loadApi } from '../lib/load-api.ts';
import { newSubmissionId, newWithdrawalSecret, readPending, save, sendKept, type Saved } from '../lib/outbox.ts';
import { remoteData } from './remote.ts';

export type Finished =
  /** No result on screen. */
  | { readonly phase: 'none' }
  /** A share link's result, under the first name it came with: nothing to save. */
  | { readonly phase: 'shared'; readonly name: string | null }
  /** Test mode: nothing to save. */
  | { readonly phase: 'test-mode' }
  | { readonly phase: 'saving'; readonly submissionId: string }
  /** Where a send left the save: the outbox answers in these very phases. */
  | Saved;

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

/** Everyone else's answers as the results screen compares with them: the mean of all responses. */
export interface Comparison {
  count: number;
  mean: ValueScores;
}

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

/** The result may now be compared with everyone else's: its save has settled, or there is none. */
function compare(): void {
  void comparison.load(() => loadApi().then((api) => api.fetchResponseStats()), { retryOnReconnect: true });
  void answerShares.load(() => loadApi().then((api) => api.fetchAnswerShares()), { retryOnReconnect: true });
}

export function clearResults(): void {
  $finished.set({ phase: 'none' });
  comparison.reset();
  answerShares.reset();
}

/**
 * A share link's result, under the name it came with and, for a comparison,
 * beside the friend's: nothing is sent, it is compared at once.
 */
export function showSharedResult(name: string | null = null, friend: NamedResult | null = null): void {
  clearResults();
  $finished.set({ phase: 'shared', name });
  $friend.set(friend);
  compare();
}

/** Keeps a result to compare the next quiz with; null forgets it. */
export function keepFriend(friend: NamedResult | null): void {
  $friend.set(friend);
}

function send(sending: Promise<Saved>, submissionId: string): void {
  const waiting: Finished = { phase: 'saving', submissionId };
  $finished.set(waiting);
  void sending.then((saved) => {
    if ($finished.get() !== waiting) return;
    $finished.set(saved);
    compare();
  });
}

/**
 * The last answer given: saves the finished quiz through the outbox (in test
 * mode, nothing) and compares it once the save has settled. Returns the id
 * it is saved under, null in test mode.
 */
export function finishQuiz(name: string, answers: readonly GivenAnswer[], testMode: boolean): string | null {
  clearResults();
  if (testMode) {
    $finished.set({ phase: 'test-mode' });
    compare();
    return null;
  }
  const submissionId = newSubmissionId();
  const choices = answers.map((a) => ({ question_id: a.questionId, answer_text: a.answerText }));
  const input = {
    submission_id: submissionId,
    name: name || null,
    answers: choices,
    withdrawal_secret: newWithdrawalSecret(),
  };
  send(save(input), submissionId);
  return submissionId;
}

/**
 * A finished quiz shown again (a reload, Forward onto its results): never a
 * second save. One still waiting in the outbox is sent now, once.
 */
export function resumeResult(submissionId: string | null): void {
  clearResults();
  const waiting = submissionId === null ? undefined : readPending().find((s) => s.submission_id === submissionId);
  if (waiting) return send(sendKept(waiting), waiting.submission_id);
  $finished.set(submissionId === null ? { phase: 'test-mode' } : { phase: 'saved', submissionId });
  compare();
}
