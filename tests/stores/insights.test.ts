import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Insights } from '../../src/lib/api.ts';

const api = vi.hoisted(() => ({ answer: null as Insights | null, down: false, calls: 0 }));

vi.mock('../../src/lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/api.ts')>();
  return {
    ...original,
    fetchInsights: async () => {
      api.calls += 1;
      if (api.down) throw new original.ApiError('fetch failed', '', 0);
      return api.answer;
    },
  };
});

function insights(count: number): Insights {
  const scores = count > 0 ? { love: 0.5, duty: 0.25, honor: 0.5, reason: 0.5 } : null;
  return { count, mean: scores, min: scores, max: scores, quadrants: [], answer_shares: [], points: { kind: 'all', total: count, raw: [] } };
}

async function freshStore() {
  vi.resetModules();
  return import('../../src/stores/insights.ts');
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('insights store', () => {
  let browser: EventTarget;
  beforeEach(() => {
    api.down = false;
    api.calls = 0;
    browser = new EventTarget();
    vi.stubGlobal('addEventListener', browser.addEventListener.bind(browser));
    vi.stubGlobal('removeEventListener', browser.removeEventListener.bind(browser));
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
    api.answer = insights(3);
    const { $insights } = await freshStore();
    await settle();
    expect(api.calls).toBe(0);
    expect($insights.get()).toEqual({ status: 'loading' });
    const stop = $insights.listen(() => {});
    await settle();
    expect($insights.get()).toEqual({ status: 'ready', data: insights(3) });
    expect(api.calls).toBe(1);
    expect(console.error).not.toHaveBeenCalled();
    stop();
  });

  it('is empty, and notes it quietly (not as an error), when no one has answered yet', async () => {
    api.answer = insights(0);
    const { $insights } = await freshStore();
    const stop = $insights.listen(() => {});
    await settle();
    expect($insights.get()).toEqual({ status: 'empty' });
    expect(console.info).toHaveBeenCalledWith('No insights data: no one has answered yet');
    expect(console.error).not.toHaveBeenCalled();
    stop();
  });

  it('calls nothing while the page is pre-rendered, where there is no document', async () => {
    vi.stubGlobal('document', undefined);
    api.answer = insights(3);
    const { $insights } = await freshStore();
    const stop = $insights.listen(() => {});
    await settle();
    expect(api.calls).toBe(0);
    expect($insights.get()).toEqual({ status: 'loading' });
    stop();
  });

  it('has failed, not emptied, when the call fails, logs it, and loads once the network is back', async () => {
    api.down = true;
    api.answer = insights(2);
    const { $insights } = await freshStore();
    const stop = $insights.listen(() => {});
    await settle();
    expect($insights.get()).toEqual({ status: 'failed' });
    expect(console.error).toHaveBeenCalledWith('Error fetching insights data', expect.objectContaining({ status: 0 }));

    api.down = false;
    browser.dispatchEvent(new Event('online'));
    await settle();
    expect($insights.get()).toEqual({ status: 'ready', data: insights(2) });
    // One retry per reconnection, not one per event ever after.
    browser.dispatchEvent(new Event('online'));
    await settle();
    expect(api.calls).toBe(2);
    stop();
  });
});
