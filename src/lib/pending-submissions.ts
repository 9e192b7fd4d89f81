/**
 * The browser's outbox for finished quizzes. A submission is written to
 * localStorage before it is sent and removed only once the backend has
 * stored it, so a failed save (offline, backend down) is retried on the next
 * page load and whenever the browser comes back online. The server keeps
 * exactly one row per submission_id, so a retry that overlaps a late success
 * stores nothing twice.
 */
import { ApiError, submitResponse, type SubmitInput } from './api.ts';

const STORAGE_KEY = 'myc.pending-submissions.v1';

/** The message the spec asks for when the final save fails. */
export const SAVE_ERROR_MESSAGE = 'Error saving final scores';

export type SaveOutcome = 'stored' | 'queued' | 'rejected';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isSubmission(value: unknown): value is SubmitInput {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.submission_id === 'string' &&
    UUID.test(v.submission_id) &&
    (v.name === null || typeof v.name === 'string') &&
    Array.isArray(v.answers) &&
    v.answers.every(
      (a: unknown) =>
        typeof a === 'object' &&
        a !== null &&
        typeof (a as Record<string, unknown>).question_id === 'number' &&
        typeof (a as Record<string, unknown>).answer_text === 'string',
    )
  );
}

// Without localStorage (private mode quotas, tests) the outbox lives as long as the page.
let memoryOutbox: SubmitInput[] = [];

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readPending(): SubmitInput[] {
  const store = storage();
  if (!store) return [...memoryOutbox];
  let parsed: unknown;
  try {
    parsed = JSON.parse(store.getItem(STORAGE_KEY) ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter(isSubmission) : [];
}

function writePending(list: SubmitInput[]): void {
  memoryOutbox = [...list];
  const store = storage();
  if (!store) return;
  try {
    if (list.length === 0) store.removeItem(STORAGE_KEY);
    else store.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // A full or blocked storage leaves the submission in memory for this visit.
  }
}

function addPending(submission: SubmitInput): void {
  const list = readPending().filter((s) => s.submission_id !== submission.submission_id);
  writePending([...list, submission]);
}

function removePending(submissionId: string): void {
  writePending(readPending().filter((s) => s.submission_id !== submissionId));
}

/**
 * A 400 means the backend looked at the submission and will never accept it
 * (it can only come from a tampered outbox); retrying it would loop forever.
 * Everything else (network, 5xx, auth trouble) may pass later.
 */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

const inFlight = new Map<string, Promise<SaveOutcome>>();

function attempt(submission: SubmitInput, onError: (error: unknown) => void): Promise<SaveOutcome> {
  const running = inFlight.get(submission.submission_id);
  if (running) return running;
  const run = submitResponse(submission)
    .then((): SaveOutcome => {
      removePending(submission.submission_id);
      return 'stored';
    })
    .catch((error: unknown): SaveOutcome => {
      onError(error);
      if (isPermanent(error)) {
        removePending(submission.submission_id);
        return 'rejected';
      }
      return 'queued';
    })
    .finally(() => inFlight.delete(submission.submission_id));
  inFlight.set(submission.submission_id, run);
  return run;
}

/** Keep the submission, then send it once. Never throws: the visitor sees results whatever happens. */
export function saveSubmission(submission: SubmitInput): Promise<SaveOutcome> {
  addPending(submission);
  return attempt(submission, (error) => console.error(SAVE_ERROR_MESSAGE, error));
}

/** Send every submission still waiting; returns how many were stored now. */
export async function retryPendingSubmissions(): Promise<number> {
  const outcomes = await Promise.all(
    readPending().map((s) => attempt(s, (error) => console.warn('Saved scores are still waiting to be stored', error))),
  );
  return outcomes.filter((o) => o === 'stored').length;
}

/** Retry now and whenever the browser comes back online; returns the cleanup. */
export function startSubmissionRetries(): () => void {
  const retry = () => void retryPendingSubmissions();
  if (readPending().length > 0) retry();
  globalThis.addEventListener?.('online', retry);
  return () => globalThis.removeEventListener?.('online', retry);
}
