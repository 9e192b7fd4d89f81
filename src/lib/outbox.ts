/**
 * Where finished quizzes wait until the backend has stored them, and how
 * they are sent. A submission is kept in localStorage before it is sent and
 * removed only once the backend has stored it, so a failed save (offline,
 * backend down, too many saves from one address) is sent again on the next
 * page load, whenever the browser comes back online, and after a pause when
 * the backend said "too many" or could not be reached while the browser was
 * online (lib/send-again-later.ts). The server keeps exactly one row per
 * submission_id, so a retry that overlaps a late success stores nothing twice.
 */
import type { SubmitInput } from './api.ts';
import { loadApi, type Api } from './load-api.ts';
import { onReconnect } from './network.ts';
import { oneSendPerId } from './one-send-per-id.ts';
import { sendAgainLater, type QueueReason } from './send-again-later.ts';
import { SUBMISSIONS_KEY } from './browser-storage.ts';
import { pendingList } from './pending-list.ts';
import { isSubmissionId, isWithdrawalSecret } from './ids.ts';

/** The message the spec asks for when the final save fails. */
const SAVE_ERROR_MESSAGE = 'Error saving final scores';

/** Logged when a save kept from before could not be sent yet. */
const STILL_WAITING_MESSAGE = 'Scores not stored yet';

function isChoice(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.question_id === 'number' && typeof v.answer_text === 'string';
}

function isSubmission(value: unknown): value is SubmitInput {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isSubmissionId(v.submission_id) &&
    (v.name === null || typeof v.name === 'string') &&
    Array.isArray(v.answers) &&
    v.answers.every(isChoice) &&
    (v.withdrawal_secret === undefined || isWithdrawalSecret(v.withdrawal_secret))
  );
}

const pending = pendingList(SUBMISSIONS_KEY, isSubmission);

export function readPending(): SubmitInput[] {
  return pending.read();
}

function writePending(list: SubmitInput[]): void {
  pending.write(list);
}

export function addPending(submission: SubmitInput): void {
  const list = readPending().filter((s) => s.submission_id !== submission.submission_id);
  writePending([...list, submission]);
}

export function removePending(submissionId: string): void {
  writePending(readPending().filter((s) => s.submission_id !== submissionId));
}

export type { QueueReason };

/** Where a save stands once a send is over. */
export type SendOutcome =
  /** Stored; `batch` is the published batch that will hold it (core/own-save.ts), null when the site did not say. */
  | { readonly phase: 'saved'; readonly submissionId: string; readonly batch: number | null }
  /** Kept in the outbox, sent again on reload, on reconnect and after a pause (lib/send-again-later.ts). */
  | { readonly phase: 'queued'; readonly submissionId: string; readonly reason: QueueReason }
  /** The backend will never take it (only a tampered outbox does that): dropped. */
  | { readonly phase: 'rejected'; readonly submissionId: string };

const later = sendAgainLater(() => void sendPending());

async function submit(submission: SubmitInput, onError: (error: unknown) => void): Promise<SendOutcome> {
  const submissionId = submission.submission_id;
  let api: Api | undefined;
  let batch: number | null;
  try {
    api = await loadApi();
    ({ batch } = await api.submitResponse(submission));
    later.reset();
  } catch (error) {
    onError(error);
    const reason = later.afterFailure(error, api);
    if (reason) return { phase: 'queued', submissionId, reason };
    removePending(submissionId);
    return { phase: 'rejected', submissionId };
  }
  removePending(submissionId);
  return { phase: 'saved', submissionId, batch };
}

const oneAtATime = oneSendPerId<SendOutcome>((s) => s.phase === 'queued' && s.reason === 'unreachable');

const outcomeListeners = new Set<(saved: SendOutcome) => void>();

/** Hears where every send left its save, the later sends of one that waited too; returns the stop. */
export function onSaveOutcome(listener: (saved: SendOutcome) => void): () => void {
  outcomeListeners.add(listener);
  return () => outcomeListeners.delete(listener);
}

function attempt(submission: SubmitInput, onError: (error: unknown) => void): Promise<SendOutcome> {
  return oneAtATime(submission.submission_id, () =>
    submit(submission, onError).then((saved) => {
      outcomeListeners.forEach((l) => l(saved));
      return saved;
    }),
  );
}

/** Sends a submission already kept in the outbox. Never throws: the visitor sees results whatever happens. */
export function sendKept(submission: SubmitInput): Promise<SendOutcome> {
  return attempt(submission, (error) => console.error(SAVE_ERROR_MESSAGE, error));
}

/** Sends every submission still waiting; returns how many were stored now. */
export async function sendPending(): Promise<number> {
  const outcomes = await Promise.all(
    readPending().map((s) => attempt(s, (error) => console.warn(STILL_WAITING_MESSAGE, error))),
  );
  return outcomes.filter((o) => o.phase === 'saved').length;
}

/** Keeps a finished quiz, before anything else can fail, so that a page reload sends it; then sends it. */
export function save(submission: SubmitInput): Promise<SendOutcome> {
  addPending(submission);
  return sendKept(submission);
}

/**
 * Sends saves left from an earlier visit or a failed send now and whenever
 * the network is back, and runs `alongside` at the same moments (the
 * withdrawals' outbox, which lib/withdrawals.ts keeps); returns the stop.
 */
export function watchOutbox(alongside: () => void): () => void {
  const sendWaiting = () => {
    if (readPending().length > 0) void sendPending();
    alongside();
  };
  sendWaiting();
  return onReconnect(sendWaiting);
}
