import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ONLINE_RETRY_MS } from '../../src/lib/network.ts';
import { RATE_LIMIT_PAUSE_MS, sendAgainLater } from '../../src/lib/send-again-later.ts';
import { stubWindowEvents } from '../support/browser-stub.ts';

/** The milliseconds until `sendAll` is next called, up to `limit`; undefined if it is not called by then. */
async function nextSendWithin(sendAll: ReturnType<typeof vi.fn>, limit: number): Promise<number | undefined> {
  const before = sendAll.mock.calls.length;
  for (let waited = 0; waited < limit; waited += 500) {
    if (sendAll.mock.calls.length > before) return waited;
    await vi.advanceTimersByTimeAsync(500);
  }
  return sendAll.mock.calls.length > before ? limit : undefined;
}

describe('sending again later', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubWindowEvents();
    vi.stubGlobal('navigator', { onLine: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('after an unreachable backend, waits 2 s, 4 s, 8 s; a send that passed brings it back to 2 s', async () => {
    const sendAll = vi.fn();
    const later = sendAgainLater(sendAll);
    const pauses: (number | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      later.after('unreachable');
      pauses.push(await nextSendWithin(sendAll, 20 * ONLINE_RETRY_MS));
    }
    later.reset();
    later.after('unreachable');
    pauses.push(await nextSendWithin(sendAll, 20 * ONLINE_RETRY_MS));
    expect(pauses).toEqual([ONLINE_RETRY_MS, 2 * ONLINE_RETRY_MS, 4 * ONLINE_RETRY_MS, ONLINE_RETRY_MS]);
  });

  it('after "too many", waits 30 s, then 60 s; a send that passed brings it back to 30 s', async () => {
    const sendAll = vi.fn();
    const later = sendAgainLater(sendAll);
    const pauses: (number | undefined)[] = [];
    for (let i = 0; i < 2; i++) {
      later.after('rate-limited');
      pauses.push(await nextSendWithin(sendAll, 10 * RATE_LIMIT_PAUSE_MS));
    }
    later.reset();
    later.after('rate-limited');
    pauses.push(await nextSendWithin(sendAll, 10 * RATE_LIMIT_PAUSE_MS));
    expect(pauses).toEqual([RATE_LIMIT_PAUSE_MS, 2 * RATE_LIMIT_PAUSE_MS, RATE_LIMIT_PAUSE_MS]);
  });
});
