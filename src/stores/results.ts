/**
 * A finished quiz's life, from the last answer to the comparison on screen,
 * as one explicit state ($finished, stores/finished.ts): where the result
 * came from, what became of its save (kept in the outbox before it is sent,
 * lib/outbox.ts), and, once the save has settled so that the average
 * includes the visitor, the comparison with everyone else's ($comparison,
 * $answerShares). A save that settles after its result has gone lands
 * nowhere: it settles only the state that is still waiting for that very
 * submission. Loaded while the quiz runs (stores/quiz.ts).
 *
 * One run of the quiz (from Start Quiz on) is one saved row: answers
 * changed after finishing (Back from the results) replace the result saved
 * before, which is taken back with its secret through the withdrawals' outbox.
 */
import { atom } from 'nanostores';
import type { NamedResult } from '../core/result.ts';
import type { GivenAnswer } from '../core/scoring.ts';
import { VALUES, type ValueScores } from '../core/values.ts';
import { sharesWithOwnSave, statsWithOwnSave, type OwnSave } from '../core/own-save.ts';
import type { QuestionShares, ResponseStats } from '../lib/api.ts';
import { keepLastSeen, readLastSeen, type Seen } from '../lib/last-seen.ts';
import { isKept, NEXT_QUIZ_GROUP_KEY } from '../lib/browser-storage.ts';
import { loadApi } from '../lib/load-api.ts';
import { newWithdrawalSecret } from '../lib/ids.ts';
import { onSaveOutcome, readPending, save, sendKept } from '../lib/outbox.ts';
import { onWithdrawalOutcome, withdraw } from '../lib/withdrawals.ts';
import { $finished, $friend, clearResults, keepRunSaved, runSaved } from './finished.ts';
import { remoteData } from './remote.ts';
import { dropFromTrail, keepBatchInTrail, keepInTrail, keptSecretOf, ownSaveOf } from './trail.ts';

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

const isComparison = (data: unknown): data is Comparison => {
  const { count, mean } = (data ?? {}) as Partial<Comparison>;
  return typeof count === 'number' && typeof mean === 'object' && VALUES.every((v) => typeof mean[v] === 'number');
};

/**
 * The last average this browser received, and when: set while the
 * comparison cannot be fetched (offline), null otherwise or if none was
 * ever received. Each average received is kept for that.
 */
export const $lastSeenComparison = atom<Seen<Comparison> | null>(null);

$comparison.listen((state) => {
  if (state.status === 'ready') keepLastSeen('comparison', state.data);
  if (state.status === 'ready' || state.status === 'failed') {
    $lastSeenComparison.set(state.status === 'failed' ? readLastSeen('comparison', isComparison) : null);
  }
});

/** The result on screen replaced the one this run saved before (answers changed after finishing). */
export const $replacedEarlier = atom(false);

// A result gone from the screen takes its comparison with it.
$finished.listen((f) => {
  if (f.phase !== 'none') return;
  comparison.reset();
  answerShares.reset();
  $replacedEarlier.set(false);
});

/**
 * Compares the result with everyone else's: its save has settled, or there
 * is none; and again after a withdrawal, so that no figure on screen still
 * counts what was taken back.
 */
export function compare(): void {
  const own = ownSaveOnScreen();
  void comparison.load(() => loadApi().then(async (api) => statsWithOwnSave(await api.fetchResponseStats(), own)), {
    retryOnReconnect: true,
  });
  void answerShares.load(
    () =>
      loadApi().then(async (api) => {
        const { batch, questions } = await api.fetchAnswerShares();
        return sharesWithOwnSave(questions, batch, own);
      }),
    { retryOnReconnect: true },
  );
}

/**
 * The visitor's own stored save on screen, which the published figures
 * lack until its batch is out (core/own-save.ts): the screen adds it.
 */
function ownSaveOnScreen(): OwnSave | null {
  const shown = $finished.get();
  return shown.phase === 'saved' ? ownSaveOf(shown.submissionId) : null;
}

// A result taken back from the site (this one, an earlier one, the one this replaced) leaves every figure on screen.
onWithdrawalOutcome((_id, outcome) => {
  const { phase } = $finished.get();
  if (outcome === 'withdrawn' && phase !== 'none' && phase !== 'saving') compare();
});

/**
 * The one writer of a save's outcome on screen: every send of the result
 * shown settles it, its first and any later one (the network back, a pause
 * over, another tab's page load), and it is compared once settled. A send
 * that settles after its result has gone lands nowhere, and one that leaves
 * a waiting save waiting changes nothing.
 */
onSaveOutcome((saved) => {
  if (saved.phase === 'saved' && saved.batch !== null) keepBatchInTrail(saved.submissionId, saved.batch);
  const shown = $finished.get();
  const awaited = (shown.phase === 'saving' || shown.phase === 'queued') && shown.submissionId === saved.submissionId;
  if (!awaited || (shown.phase === 'queued' && saved.phase === 'queued')) return;
  $finished.set(saved.phase === 'saved' ? { phase: 'saved', submissionId: saved.submissionId } : saved);
  compare();
});

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

/** The result on screen waits for its save, which the outbox is sending; onSaveOutcome above settles it. */
function awaitSave(submissionId: string): void {
  $finished.set({ phase: 'saving', submissionId });
}

/**
 * The last answer given: saves the finished quiz under `submissionId`
 * through the outbox (in test mode, null: nothing), hands it with its
 * withdrawal secret to the trail and, while it is still on screen, compares
 * it once the save has settled. A result this run saved before is taken
 * back first.
 */
export function finishQuiz(
  name: string,
  answers: readonly GivenAnswer[],
  submissionId: string | null,
  onScreen = true,
): void {
  if (submissionId === null) {
    if (!onScreen) return;
    clearResults();
    $finished.set({ phase: 'test-mode' });
    compare();
    return;
  }
  const earlier = runSaved();
  const secret = earlier === null || earlier === submissionId ? null : keptSecretOf(earlier);
  // Kept in the withdrawals' outbox before the new save is kept: offline, both wait and go in that order.
  if (earlier !== null && secret !== null) {
    void withdraw({ submission_id: earlier, secret });
    dropFromTrail(earlier);
  }
  keepRunSaved(submissionId);
  const choices = answers.map((a) => ({ question_id: a.questionId, answer_text: a.answerText }));
  const withdrawalSecret = newWithdrawalSecret();
  void save({
    submission_id: submissionId,
    name: name || null,
    answers: choices,
    withdrawal_secret: withdrawalSecret,
  });
  keepInTrail(submissionId, answers, withdrawalSecret);
  // A quiz taken for a group (a join link's page asked): its join waits beside the save. Its code loads only then.
  if (isKept(NEXT_QUIZ_GROUP_KEY, 'sessionStorage')) {
    void import('./group-join.ts').then((joins) => joins.joinWhenSaved(submissionId));
  }
  if (!onScreen) return;
  clearResults();
  awaitSave(submissionId);
  $replacedEarlier.set(secret !== null);
}

/**
 * A finished quiz shown again (a reload, Forward onto its results): never a
 * second save. One still waiting in the outbox is sent now, once.
 */
export function resumeResult(submissionId: string | null): void {
  clearResults();
  const waiting = submissionId === null ? undefined : readPending().find((s) => s.submission_id === submissionId);
  if (waiting) {
    awaitSave(waiting.submission_id);
    void sendKept(waiting);
    return;
  }
  $finished.set(submissionId === null ? { phase: 'test-mode' } : { phase: 'saved', submissionId });
  compare();
}
