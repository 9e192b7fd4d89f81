/**
 * Sends the finished quizzes waiting in the outbox (outbox.ts). A submission
 * is put there before it is sent and removed only once the backend has stored
 * it, so a failed save (offline, backend down, too many saves from one
 * address) is sent again on the next page load, whenever the browser comes
 * back online and, after "too many", after a pause. The server keeps exactly
 * one row per submission_id, so a retry that overlaps a late success stores
 * nothing twice.
 */
import { ApiError, isRateLimited, submitResponse, type SubmitInput } from './api.ts';
import { readPending, removePending, SAVE_ERROR_MESSAGE, STILL_WAITING_MESSAGE } from './outbox.ts';

export type SaveOutcome = 'stored' | 'queued' | 'rejected';

/** First pause after a "too many" answer; each further one doubles it, up to the longest. */
export const RATE_LIMIT_PAUSE_MS = 30_000;
export const RATE_LIMIT_LONGEST_PAUSE_MS = 10 * 60_000;

/**
 * A 400 means the backend looked at the submission and will never accept it
 * (it can only come from a tampered outbox); retrying it would loop forever.
 * Everything else (network, 5xx, 429, auth trouble) may pass later.
 */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

const inFlight = new Map<string, Promise<SaveOutcome>>();

let pause = RATE_LIMIT_PAUSE_MS;
let pauseTimer: ReturnType<typeof setTimeout> | undefined;

/** One timer at a time: the whole outbox is sent again once it fires. */
function sendAgainLater(): void {
  if (pauseTimer !== undefined) return;
  pauseTimer = setTimeout(() => {
    pauseTimer = undefined;
    void sendPending();
  }, pause);
  pause = Math.min(pause * 2, RATE_LIMIT_LONGEST_PAUSE_MS);
}

function attempt(submission: SubmitInput, onError: (error: unknown) => void): Promise<SaveOutcome> {
  const running = inFlight.get(submission.submission_id);
  if (running) return running;
  const run = submitResponse(submission)
    .then((): SaveOutcome => {
      removePending(submission.submission_id);
      pause = RATE_LIMIT_PAUSE_MS;
      return 'stored';
    })
    .catch((error: unknown): SaveOutcome => {
      onError(error);
      if (isPermanent(error)) {
        removePending(submission.submission_id);
        return 'rejected';
      }
      if (isRateLimited(error)) sendAgainLater();
      return 'queued';
    })
    .finally(() => inFlight.delete(submission.submission_id));
  inFlight.set(submission.submission_id, run);
  return run;
}

/** Sends a submission already kept in the outbox. Never throws: the visitor sees results whatever happens. */
export function sendSubmission(submission: SubmitInput): Promise<SaveOutcome> {
  return attempt(submission, (error) => console.error(SAVE_ERROR_MESSAGE, error));
}

/** Sends every submission still waiting; returns how many were stored now. */
export async function sendPending(): Promise<number> {
  const outcomes = await Promise.all(
    readPending().map((s) => attempt(s, (error) => console.warn(STILL_WAITING_MESSAGE, error))),
  );
  return outcomes.filter((o) => o === 'stored').length;
}
