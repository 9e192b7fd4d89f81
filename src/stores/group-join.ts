/**
 * Joining a group by taking the quiz (lib/waiting-joins.ts): the intro says
 * which group the quiz is for, the last answer keeps the join beside the
 * save, and the join goes once the site holds the save, at once or when the
 * connection comes back, as saves do. The results screen says where it
 * stands.
 */
import { atom } from 'nanostores';
import { newWithdrawalSecret } from '../lib/ids.ts';
import { keepGroup } from '../lib/group-storage.ts';
import { loadApi } from '../lib/load-api.ts';
import { onSaveOutcome, readPending } from '../lib/outbox.ts';
import { sendAgainLater } from '../lib/send-again-later.ts';
import {
  dropWaitingJoin,
  keepNextQuizGroup,
  keepWaitingJoin,
  readNextQuizGroup,
  readWaitingJoins,
  type WaitingJoin,
} from '../lib/waiting-joins.ts';
import { JOIN_TEXTS } from './join-texts.ts';
import { keptSecretOf } from './trail.ts';

/** How a join ended: in the group, or refused with the sentence that says why. */
type Outcome =
  { status: 'joined'; name: string; memberKey: string } | { status: 'refused'; name: string; message: string };

/** Where the join of one finished quiz (`submissionId`) to the group it was taken for stands. */
export type JoinAfterQuiz =
  { status: 'none' } | ((Outcome | { status: 'waiting'; name: string }) & { submissionId: string });

/** Where the join of the result on screen stands. */
export const $joinAfterQuiz = atom<JoinAfterQuiz>({ status: 'none' });

let onScreen: string | null = null;

/** The quiz just finished under `submissionId` joins the group it was taken for, once its save is stored. */
export function joinWhenSaved(submissionId: string): void {
  const group = readNextQuizGroup();
  onScreen = submissionId;
  if (!group) {
    $joinAfterQuiz.set({ status: 'none' });
    return;
  }
  keepNextQuizGroup(null);
  keepWaitingJoin({ ...group, submissionId, memberKey: newWithdrawalSecret() });
  $joinAfterQuiz.set({ status: 'waiting', submissionId, name: group.name });
  // The save may be stored already: this module loads beside it, not before it.
  void sendWaitingJoins();
}

function settle(join: WaitingJoin, outcome: Outcome): void {
  if (join.submissionId === onScreen) $joinAfterQuiz.set({ ...outcome, submissionId: join.submissionId });
}

const later = sendAgainLater(() => void sendWaitingJoins());

/** Sends every join whose result the site holds now; one refused for good is dropped and said. */
export async function sendWaitingJoins(): Promise<void> {
  const unsaved = new Set(readPending().map((s) => s.submission_id));
  for (const join of readWaitingJoins()) {
    if (unsaved.has(join.submissionId)) continue;
    const secret = keptSecretOf(join.submissionId);
    if (secret === null) {
      dropWaitingJoin(join);
      settle(join, { status: 'refused', name: join.name, message: JOIN_TEXTS.no_result });
      continue;
    }
    const api = await loadApi().catch(() => undefined);
    try {
      if (!api) throw new Error('the API did not load');
      const answer = await api.joinGroup(join.code, join.submissionId, secret, join.memberKey);
      dropWaitingJoin(join);
      later.reset();
      if (!answer.joined) {
        settle(join, { status: 'refused', name: join.name, message: JOIN_TEXTS[answer.reason] });
        continue;
      }
      keepGroup({ role: 'member', name: answer.name, joinCode: join.code, key: join.memberKey });
      settle(join, { status: 'joined', name: answer.name, memberKey: join.memberKey });
    } catch (error) {
      // Unreachable or rate-limited: it waits, and goes when the connection or the cap allows.
      if (later.afterFailure(error, api) !== null) return;
      dropWaitingJoin(join);
      settle(join, { status: 'refused', name: join.name, message: JOIN_TEXTS.failed });
    }
  }
}

// A save stored (the first send, or one that waited) lets its join go.
onSaveOutcome((saved) => {
  if (saved.phase === 'saved') void sendWaitingJoins();
});

// Loaded with the results' code: a join left waiting on an earlier visit goes now,
// its save stored already or about to be (the saves' own sends settle it above).
void sendWaitingJoins();
