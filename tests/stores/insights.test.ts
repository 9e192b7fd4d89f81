import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubWindowEvents } from '../support/browser-stub.ts';
import { answer, api, insightsOf as insights, offline } from '../support/fake-api.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

async function freshStore() {
  vi.resetModules();
  return import('../../src/stores/insights.ts');
}

describe('insights store', () => {
  let browser: EventTarget;
  beforeEach(() => {
    browser = stubWindowEvents();
    // A page in a browser: the store loads only there, not while the site is pre-rendered.
    vi.stubGlobal('document', {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads nothing until the page reads it, then holds the aggregates', async () => {
    api.on.fetchInsights = answer(insights(3));
    const { $insights } = await freshStore();
    await api.settled();
    expect(api.calls).toEqual([]);
    expect($insights.get()).toEqual({ status: 'loading' });
    const stop = $insights.listen(() => {});
    await api.settled();
    expect($insights.get()).toEqual({ status: 'ready', data: insights(3) });
    expect(api.calls.map((c) => c.fn)).toEqual(['fetchInsights']);
    expect(console.error).not.toHaveBeenCalled();
    stop();
  });

  it('is empty, and notes it quietly (not as an error), when no one has answered yet', async () => {
    api.on.fetchInsights = answer(insights(0));
    const { $insights } = await freshStore();
    const stop = $insights.listen(() => {});
    await api.settled();
    expect($insights.get()).toEqual({ status: 'empty' });
    expect(console.info).toHaveBeenCalledWith('No insights data: no one has answered yet');
    expect(console.error).not.toHaveBeenCalled();
    stop();
  });

  it('calls nothing while the page is pre-rendered, where there is no document', async () => {
    vi.stubGlobal('document', undefined);
    const { $insights } = await freshStore();
    const stop = $insights.listen(() => {});
    await api.settled();
    expect(api.calls).toEqual([]);
    expect($insights.get()).toEqual({ status: 'loading' });
    stop();
  });

  it('has failed, not emptied, when the call fails, logs it, and loads once the network is back', async () => {
    api.on.fetchInsights = offline;
    const { $insights } = await freshStore();
    const stop = $insights.listen(() => {});
    await api.settled();
    expect($insights.get()).toEqual({ status: 'failed' });
    expect(console.error).toHaveBeenCalledWith('Error fetching insights data', expect.objectContaining({ status: 0 }));

    api.on.fetchInsights = answer(insights(2));
    browser.dispatchEvent(new Event('online'));
    await api.settled();
    expect($insights.get()).toEqual({ status: 'ready', data: insights(2) });
    // One retry per reconnection, not one per event ever after.
    browser.dispatchEvent(new Event('online'));
    await api.settled();
    expect(api.argsOf('fetchInsights')).toHaveLength(2);
    stop();
  });

  it('offline, offers the figures it last received, with when, and forgets them once the read succeeds again', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    api.on.fetchInsights = answer(insights(4));
    const first = await freshStore();
    const stopFirst = first.$insights.listen(() => {});
    await api.settled();
    expect(first.$insights.get()).toEqual({ status: 'ready', data: insights(4) });
    stopFirst();

    // A later visit, offline.
    api.on.fetchInsights = offline;
    const before = Date.now();
    const { $insights, $lastSeenInsights } = await freshStore();
    const stop = $insights.listen(() => {});
    await api.settled();
    expect($insights.get()).toEqual({ status: 'failed' });
    const seen = $lastSeenInsights.get();
    expect(seen?.data).toEqual(insights(4));
    expect(seen?.seenAt).toBeLessThanOrEqual(before);

    api.on.fetchInsights = answer(insights(5));
    browser.dispatchEvent(new Event('online'));
    await api.settled();
    expect($insights.get()).toEqual({ status: 'ready', data: insights(5) });
    expect($lastSeenInsights.get()).toBeNull();
    stop();
  });
});
