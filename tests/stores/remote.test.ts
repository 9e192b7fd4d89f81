import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { remoteData } from '../../src/stores/remote.ts';
import { stubWindowEvents } from '../support/browser-stub.ts';

/** A fetch the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const toData = (n: number) => (n === 0 ? null : { n });

describe('remote data', () => {
  let browser: EventTarget;
  beforeEach(() => {
    browser = stubWindowEvents();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('goes loading, then ready with the data, or empty when the answer holds nothing', async () => {
    const remote = remoteData('numbers', toData, 'idle');
    expect(remote.$state.get()).toEqual({ status: 'idle' });
    const answer = deferred<number>();
    const done = remote.load(() => answer.promise);
    expect(remote.$state.get()).toEqual({ status: 'loading' });
    answer.resolve(4);
    await expect(done).resolves.toBe('ready');
    expect(remote.$state.get()).toEqual({ status: 'ready', data: { n: 4 } });

    await expect(remote.load(async () => 0)).resolves.toBe('empty');
    expect(remote.$state.get()).toEqual({ status: 'empty' });
    expect(console.info).toHaveBeenCalledWith('No numbers: no one has answered yet');
    expect(console.error).not.toHaveBeenCalled();
  });

  it('fails apart from empty, logs the error, and asks again only once the network is back', async () => {
    const remote = remoteData('numbers', toData);
    let calls = 0;
    const fetch = async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return 7;
    };
    await expect(remote.load(fetch, { retryOnReconnect: true })).resolves.toBe('failed');
    expect(remote.$state.get()).toEqual({ status: 'failed' });
    expect(console.error).toHaveBeenCalledWith('Error fetching numbers', new Error('offline'));
    expect(calls).toBe(1);

    browser.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 0));
    expect(remote.$state.get()).toEqual({ status: 'ready', data: { n: 7 } });
    expect(calls).toBe(2);
  });

  it('asks again at once when the network came back while the failing read was under way', async () => {
    const remote = remoteData('numbers', toData);
    const first = deferred<number>();
    let calls = 0;
    const fetch = () => {
      calls += 1;
      return calls === 1 ? first.promise : Promise.resolve(7);
    };
    const done = remote.load(fetch, { retryOnReconnect: true });
    // The event comes before the offline read reports its failure; no other will come.
    browser.dispatchEvent(new Event('online'));
    first.reject(new Error('offline'));
    await expect(done).resolves.toBe('failed');
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(2);
    expect(remote.$state.get()).toEqual({ status: 'ready', data: { n: 7 } });
  });

  it('does not ask again after a failure unless told to', async () => {
    const remote = remoteData('numbers', toData);
    let calls = 0;
    await remote.load(async () => {
      calls += 1;
      throw new Error('down');
    });
    browser.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(1);
    expect(remote.$state.get()).toEqual({ status: 'failed' });
  });

  it('a refusal is an answer: back to the first state, nothing logged, resolved with its name', async () => {
    const remote = remoteData('numbers', toData, 'idle');
    const outcome = await remote.load(
      async () => {
        throw new Error('wrong password');
      },
      { refusal: (error) => ((error as Error).message === 'wrong password' ? 'incorrect' : undefined) },
    );
    expect(outcome).toBe('incorrect');
    expect(remote.$state.get()).toEqual({ status: 'idle' });
    expect(console.error).not.toHaveBeenCalled();
  });

  it('a late answer of an earlier load or of a load before a reset lands nowhere', async () => {
    const remote = remoteData('numbers', toData);
    const slow = deferred<number>();
    const first = remote.load(() => slow.promise);
    await remote.load(async () => 2);
    slow.resolve(1);
    await first;
    expect(remote.$state.get()).toEqual({ status: 'ready', data: { n: 2 } });

    const late = deferred<number>();
    const pending = remote.load(() => late.promise);
    remote.reset();
    late.reject(new Error('offline'));
    await pending;
    expect(remote.$state.get()).toEqual({ status: 'loading' });
    expect(console.error).not.toHaveBeenCalled();
  });

  it('a reset cancels the retry a failure was waiting with', async () => {
    const remote = remoteData('numbers', toData);
    let calls = 0;
    await remote.load(
      async () => {
        calls += 1;
        throw new Error('offline');
      },
      { retryOnReconnect: true },
    );
    remote.reset();
    browser.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(1);
    expect(remote.$state.get()).toEqual({ status: 'loading' });
  });
});
