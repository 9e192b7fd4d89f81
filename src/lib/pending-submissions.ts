/**
 * Sends finished quizzes from the outbox (outbox.ts). A submission is kept
 * there before it is sent and removed only once the backend has stored it, so
 * a failed save (offline, backend down) is retried on the next page load and
 * whenever the browser comes back online. The server keeps exactly one row per
 * submission_id, so a retry that overlaps a late success stores nothing twice.
 */
import { ApiError, submitResponse, type SubmitInput } from './api.ts';
import { addPending, readPending, removePending, SAVE_ERROR_MESSAGE } from './outbox.ts';

export type SaveOutcome = 'stored' | 'queued' | 'rejected';

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

/** Keeps the submission, then sends it once. Never throws: the visitor sees results whatever happens. */
export function saveSubmission(submission: SubmitInput): Promise<SaveOutcome> {
  addPending(submission);
  return attempt(submission, (error) => console.error(SAVE_ERROR_MESSAGE, error));
}

/** Sends every submission still waiting; returns how many were stored now. */
export async function retryPendingSubmissions(): Promise<number> {
  const outcomes = await Promise.all(
    readPending().map((s) => attempt(s, (error) => console.warn('Saved scores are still waiting to be stored', error))),
  );
  return outcomes.filter((o) => o === 'stored').length;
}
