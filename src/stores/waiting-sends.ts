/**
 * Saves and withdrawals still waiting in this browser go out while the quiz
 * is shown (from its first listener on), and again whenever the network
 * comes back. The outboxes' code loads only when one of them waits. Joins
 * go with the results' code (stores/group-join.ts).
 */
import { isKept, SUBMISSIONS_KEY, WITHDRAWALS_KEY } from '../lib/browser-storage.ts';
import { onFirstListener } from './first-listener.ts';
import { $progress } from './progress.ts';

onFirstListener($progress, () => {
  if (!isKept(SUBMISSIONS_KEY) && !isKept(WITHDRAWALS_KEY)) return;
  void import('../lib/outbox.ts').then((outbox) =>
    outbox.watchOutbox(() => {
      if (isKept(WITHDRAWALS_KEY)) void import('../lib/withdrawals.ts').then((w) => w.sendWithdrawals());
    }),
  );
});
