/**
 * The visitor's result beside everyone else's: the average of all responses,
 * and how others answered each question. Each read starts when the results
 * screen first shows it, once the result may be compared (results.ts), and
 * again for each new result.
 */
import type { ValueScores } from '../core/values.ts';
import { fetchAnswerShares, fetchResponseStats, type QuestionShares, type ResponseStats } from '../lib/api.ts';
import { onFirstListener } from './first-listener.ts';
import { remoteData, type RemoteData } from './remote.ts';
import { $comparable } from './results.ts';

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

/** Loads `remote` for every result that may be compared while it is read; forgets it when the result goes. */
function followResults<T, Answer>(remote: RemoteData<T, Answer>, request: () => Promise<Answer>): void {
  onFirstListener(remote.$state, () =>
    $comparable.subscribe((result) => {
      if (result === null) remote.reset();
      else void remote.load(request, { retryOnReconnect: true });
    }),
  );
}

followResults(comparison, fetchResponseStats);
followResults(answerShares, fetchAnswerShares);
