/**
 * The one shape of everything the browser reads from the backend, and the
 * helper every store that reads uses to fill it. "empty" (the backend
 * answered: there is nothing yet) and "failed" (it could not answer) are
 * apart, so a page never passes off a failure as "no data".
 */
import { atom, type ReadableAtom } from 'nanostores';
import { watchAttempt } from '../lib/network.ts';

export type Remote<T> =
  /** Nothing asked yet: the hidden page before its password. */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'empty' }
  | { status: 'failed' };

export type RemoteStatus = Remote<unknown>['status'];

interface LoadOptions<R> {
  /** Asks again once the browser is back online after a failure. */
  retryOnReconnect?: boolean;
  /**
   * Names the errors that are an answer rather than a failure (a wrong
   * password): for those the state goes back to the first one, nothing is
   * logged, and load resolves with the name. Anything else (undefined) fails.
   */
  refusal?: (error: unknown) => R | undefined;
}

interface RemoteData<T, Answer = T> {
  readonly $state: ReadableAtom<Remote<T>>;
  /** Fetches and settles the state; a late answer of an earlier load or reset lands nowhere. */
  load<R extends string = never>(request: () => Promise<Answer>, options?: LoadOptions<R>): Promise<RemoteStatus | R>;
  /** Back to the first state; loads still under way are forgotten. */
  reset(): void;
}

/**
 * @param what names the data in the log: "Error fetching <what>", "No <what>: no one has answered yet".
 * @param toData turns the backend's answer into what the page shows, or null when it holds nothing yet.
 */
export function remoteData<T, Answer = T>(
  what: string,
  toData: (answer: Answer) => T | null,
  initial: 'idle' | 'loading' = 'loading',
): RemoteData<T, Answer> {
  const $state = atom<Remote<T>>({ status: initial });
  let run = 0;
  let cancelRetry = () => {};
  /** Failures in a row of the loads retried on reconnection: the pause before the next grows with them. */
  let failures = 0;

  function reset(): void {
    run += 1;
    cancelRetry();
    failures = 0;
    $state.set({ status: initial });
  }

  async function load<R extends string = never>(
    request: () => Promise<Answer>,
    options: LoadOptions<R> = {},
  ): Promise<RemoteStatus | R> {
    run += 1;
    const mine = run;
    cancelRetry();
    $state.set({ status: 'loading' });
    const watch = watchAttempt(failures);
    let next: Remote<T>;
    try {
      const answer = await request();
      if (mine !== run) return $state.get().status;
      const data = toData(answer);
      // No one has answered yet: a normal state, noted quietly, never as an error.
      if (data === null) console.info(`No ${what}: no one has answered yet`);
      next = data === null ? { status: 'empty' } : { status: 'ready', data };
      failures = 0;
    } catch (error) {
      if (mine !== run) return $state.get().status;
      const refused = options.refusal?.(error);
      if (refused !== undefined) {
        $state.set({ status: initial });
        return refused;
      }
      console.error(`Error fetching ${what}`, error);
      next = { status: 'failed' };
      if (options.retryOnReconnect) {
        failures += 1;
        cancelRetry = watch.retryOnReconnect(() => void load(request, options));
      }
    } finally {
      watch.stop();
    }
    $state.set(next);
    return next.status;
  }

  return { $state, load, reset };
}
