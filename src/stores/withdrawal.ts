/**
 * Taking a saved result back from the site: which results this browser can
 * remove (those it holds the secret of), the confirmation asked first, and
 * what became of each withdrawal. A confirmed withdrawal waits in its outbox
 * (lib/withdrawals.ts) until the backend has taken it, and the result leaves
 * the trail at once: it is no longer the visitor's map, and the outbox keeps
 * what it needs. Loaded with the results screen.
 */
import { computed, map } from 'nanostores';
import { onWithdrawalOutcome, withdraw, type WithdrawalOutcome } from '../lib/withdrawals.ts';
import { $progress } from './progress.ts';
import { $finished, $resultOrigin } from './finished.ts';
import { $trail, dropFromTrail } from './trail.ts';

export type WithdrawalState =
  { readonly phase: 'confirming' } | { readonly phase: 'sending' } | { readonly phase: WithdrawalOutcome };

/** Every withdrawal asked for in this visit, by submission id. */
export const $withdrawals = map<Record<string, WithdrawalState>>({});

// A withdrawal that waited is settled later, when the network is back or after a pause.
onWithdrawalOutcome((id, outcome) => {
  const shown = $withdrawals.get()[id];
  // A late replay answers as for an unknown id; what the visitor was told stays true.
  if (shown && shown.phase !== 'withdrawn') $withdrawals.setKey(id, { phase: outcome });
});

function secretOf(id: string): string | null {
  return $trail.get().find((r) => r.id === id)?.secret ?? null;
}

/**
 * The visitor's own result on screen, when this browser can take it back
 * or is taking it back: the trail lets a result go once its withdrawal is
 * confirmed, and the screen still tells what became of it.
 */
export const $withdrawableResult = computed(
  [$progress, $resultOrigin, $trail, $withdrawals],
  (progress, origin, _trail, withdrawals) => {
    const id = progress.submissionId;
    if (origin !== 'quiz' || progress.screen !== 'results' || id === null) return null;
    return secretOf(id) !== null || withdrawals[id] ? id : null;
  },
);

export function askToWithdraw(id: string): void {
  if (secretOf(id) !== null) $withdrawals.setKey(id, { phase: 'confirming' });
}

export function cancelWithdrawal(id: string): void {
  if ($withdrawals.get()[id]?.phase === 'confirming') $withdrawals.setKey(id, undefined);
}

/** The confirmed withdrawal: kept and sent; resolves once it has an outcome, never throws. */
export async function confirmWithdrawal(id: string): Promise<void> {
  const secret = secretOf(id);
  if (secret === null || $withdrawals.get()[id]?.phase !== 'confirming') return;
  $withdrawals.setKey(id, { phase: 'sending' });
  const sending = withdraw({ submission_id: id, secret });
  dropFromTrail(id);
  await sending;
}

/** Whether the figures from the site count the visitor's own result on screen: saved, and not taken back. */
export const $ownCounted = computed([$finished, $withdrawals], (finished, withdrawals) =>
  finished.phase === 'saved' ? withdrawals[finished.submissionId]?.phase !== 'withdrawn' : false,
);
