import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ONLINE_RETRY_DOUBLINGS, ONLINE_RETRY_MS, onReconnect, untilLoaded } from '../../src/lib/network.ts';
import { stubWindowEvents } from '../support/browser-stub.ts';

describe('when the network is back', () => {
  let browser: EventTarget;
  const online = () => browser.dispatchEvent(new Event('online'));
  beforeEach(() => {
    browser = stubWindowEvents();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('calls back on every reconnection, or on the next one only, until cancelled', () => {
    const every = vi.fn();
    const once = vi.fn();
    const stop = onReconnect(every);
    onReconnect(once, { once: true });
    online();
    online();
    stop();
    online();
    expect(every).toHaveBeenCalledTimes(2);
    expect(once).toHaveBeenCalledTimes(1);
  });

  it('untilLoaded tries once now and then once per reconnection until the load succeeds', async () => {
    const errors: unknown[] = [];
    let failed = Promise.withResolvers<void>();
    let calls = 0;
    const loaded = untilLoaded(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error(`offline ${calls}`);
        return 'chunk';
      },
      {
        onError: (e) => {
          errors.push(e);
          failed.resolve();
        },
      },
    );
    await failed.promise;
    expect(calls).toBe(1);
    failed = Promise.withResolvers();
    online();
    await failed.promise;
    expect(calls).toBe(2);
    online();
    await expect(loaded).resolves.toBe('chunk');
    // A reconnection would start an attempt at once: none comes after the success.
    online();
    expect(calls).toBe(3);
    expect(errors).toEqual([new Error('offline 1'), new Error('offline 2')]);
  });

  it('untilLoaded tries again at once when the network came back while an attempt was failing', async () => {
    let calls = 0;
    let failLater: (error: Error) => void = () => {};
    const loaded = untilLoaded(() => {
      calls += 1;
      if (calls === 1) return new Promise<string>((_, reject) => (failLater = reject));
      return Promise.resolve('chunk');
    });
    // Back online before the offline attempt reports its failure: no later event will come.
    online();
    failLater(new Error('offline'));
    await expect(loaded).resolves.toBe('chunk');
    expect(calls).toBe(2);
  });

  it('untilLoaded, failing while the browser says it is online, tries again after 2 s, then 4 s, as well as on reconnection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('navigator', { onLine: true });
    let calls = 0;
    const loaded = untilLoaded(async () => {
      calls += 1;
      if (calls < 4) throw new Error(`not yet ${calls}`);
      return 'chunk';
    });
    await vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS - 1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2 * ONLINE_RETRY_MS - 1);
    expect(calls).toBe(2);
    // A reconnection comes first: it tries at once, and the pause it beat tries nothing more.
    online();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(4 * ONLINE_RETRY_MS);
    await expect(loaded).resolves.toBe('chunk');
    expect(calls).toBe(4);
    vi.useRealTimers();
  });

  it('untilLoaded, failing while online again and again, doubles its pause up to 64 s and no further', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('navigator', { onLine: true });
    const stop = new AbortController();
    let calls = 0;
    void untilLoaded(
      async () => {
        calls += 1;
        throw new Error('server down');
      },
      { signal: stop.signal },
    );
    await vi.advanceTimersByTimeAsync(0);
    const pauses: number[] = [];
    for (const seconds of [2, 4, 8, 16, 32, 64, 64, 64]) {
      const before = calls;
      await vi.advanceTimersByTimeAsync(seconds * 1000 - 1);
      if (calls !== before) break;
      await vi.advanceTimersByTimeAsync(1);
      if (calls !== before + 1) break;
      pauses.push(seconds);
    }
    expect(pauses).toEqual([2, 4, 8, 16, 32, 64, 64, 64]);
    stop.abort();
    vi.useRealTimers();
  });

  it('untilLoaded, failing offline, waits for the reconnection alone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('navigator', { onLine: false });
    let calls = 0;
    const loaded = untilLoaded(async () => {
      calls += 1;
      if (calls < 2) throw new Error('offline');
      return 'chunk';
    });
    await vi.advanceTimersByTimeAsync(10 * ONLINE_RETRY_MS * 2 ** ONLINE_RETRY_DOUBLINGS);
    expect(calls).toBe(1);
    online();
    await expect(loaded).resolves.toBe('chunk');
    vi.useRealTimers();
  });

  it('an aborted wait tries no more', async () => {
    const stop = new AbortController();
    const failed = Promise.withResolvers<void>();
    let calls = 0;
    void untilLoaded(
      async () => {
        calls += 1;
        throw new Error('offline');
      },
      { signal: stop.signal, onError: () => failed.resolve() },
    );
    await failed.promise;
    stop.abort();
    // A reconnection would start an attempt at once, were the wait still on.
    online();
    expect(calls).toBe(1);
  });
});
