/**
 * Where withdrawals from the site wait until the backend has taken them, and
 * how they are sent: the outbox of lib/outbox.ts, for taking a result back.
 * A withdrawal is kept in localStorage before it is sent and dropped only once
 * the backend has answered, so one made offline is sent when the network is
 * back or on the next page load. A withdrawal of a result whose save still
 * waits is sent after that save: the row must exist before it can go.
 * The backend answers a replay as it answers an unknown id, so a withdrawal
 * sent again after a lost answer does nothing more.
 */
import { loadApi, type Api } from './load-api.ts';
import { onReconnect } from './network.ts';
import { oneSendPerId } from './one-send-per-id.ts';
import { sendAgainLater, type QueueReason } from './send-again-later.ts';
import { WITHDRAWALS_KEY } from './browser-storage.ts';
import { pendingList } from './pending-list.ts';
import { isSubmissionId, isWithdrawalSecret } from './ids.ts';
import { readPending, sendPending } from './outbox.ts';

interface Withdrawal {
  submission_id: string;
  secret: string;
}

/**
 * What became of one withdrawal: the row is gone now ('withdrawn'), there was
 * none to remove ('absent': already removed, never stored, or not this
 * browser's), or it still waits.
 */
export type WithdrawalOutcome = 'withdrawn' | 'absent' | QueueReason;

const WITHDRAW_ERROR_MESSAGE = 'Could not remove the answers from the site yet';

function isWithdrawal(value: unknown): value is Withdrawal {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return isSubmissionId(v.submission_id) && isWithdrawalSecret(v.secret);
}

const waiting = pendingList(WITHDRAWALS_KEY, isWithdrawal);

export function readWithdrawals(): Withdrawal[] {
  return waiting.read();
}

function writeWithdrawals(list: Withdrawal[]): void {
  waiting.write(list);
}

function drop(submissionId: string): void {
  writeWithdrawals(readWithdrawals().filter((w) => w.submission_id !== submissionId));
}

const later = sendAgainLater(() => void sendWithdrawals());

async function send(w: Withdrawal): Promise<WithdrawalOutcome> {
  if (readPending().some((s) => s.submission_id === w.submission_id)) {
    await sendPending();
    if (readPending().some((s) => s.submission_id === w.submission_id)) {
      later.after('unreachable');
      return 'unreachable';
    }
  }
  let api: Api | undefined;
  try {
    api = await loadApi();
    const { withdrawn } = await api.withdrawResponse(w.submission_id, w.secret);
    drop(w.submission_id);
    later.reset();
    return withdrawn ? 'withdrawn' : 'absent';
  } catch (error) {
    console.warn(WITHDRAW_ERROR_MESSAGE, error);
    const reason = later.afterFailure(error, api);
    if (reason) return reason;
    // Refused for good: nothing of it is on the site.
    drop(w.submission_id);
    return 'absent';
  }
}

type Listener = (submissionId: string, outcome: WithdrawalOutcome) => void;
const listeners = new Set<Listener>();

/** Hears the outcome of every send, the later ones of a withdrawal that waited too; returns the stop. */
export function onWithdrawalOutcome(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const oneAtATime = oneSendPerId<WithdrawalOutcome>((outcome) => outcome === 'unreachable');

function attempt(w: Withdrawal): Promise<WithdrawalOutcome> {
  return oneAtATime(w.submission_id, () =>
    send(w).then((outcome) => {
      listeners.forEach((l) => l(w.submission_id, outcome));
      return outcome;
    }),
  );
}

let watching = false;

/** Keeps a withdrawal, before anything can fail, then sends it. Never throws. */
export function withdraw(w: Withdrawal): Promise<WithdrawalOutcome> {
  writeWithdrawals([...readWithdrawals().filter((x) => x.submission_id !== w.submission_id), w]);
  if (!watching) {
    watching = true;
    onReconnect(() => void sendWithdrawals());
  }
  return attempt(w);
}

/** Sends every withdrawal still waiting. */
export async function sendWithdrawals(): Promise<WithdrawalOutcome[]> {
  return Promise.all(readWithdrawals().map(attempt));
}
