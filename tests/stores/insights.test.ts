import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Insights } from '../../src/lib/api.ts';

const api = vi.hoisted(() => ({ answer: null as Insights | null, down: false }));

vi.mock('../../src/lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/api.ts')>();
  return {
    ...original,
    fetchInsights: async () => {
      if (api.down) throw new original.ApiError('fetch failed', '', 0);
      return api.answer;
    },
  };
});

const { $insights, loadInsights } = await import('../../src/stores/insights.ts');

function insights(count: number): Insights {
  const scores = count > 0 ? { love: 0.5, duty: 0.25, honor: 0.5, reason: 0.5 } : null;
  return { count, mean: scores, min: scores, max: scores, quadrants: [], answer_shares: [], points: { kind: 'all', total: count, raw: [] } };
}

describe('insights store', () => {
  beforeEach(() => {
    api.down = false;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('holds the aggregates once they arrive', async () => {
    api.answer = insights(3);
    await loadInsights();
    expect($insights.get()).toEqual({ status: 'ready', insights: insights(3) });
    expect(console.error).not.toHaveBeenCalled();
  });

  it('is empty, and logs it, when no one has answered yet', async () => {
    api.answer = insights(0);
    await loadInsights();
    expect($insights.get()).toEqual({ status: 'empty' });
    expect(console.error).toHaveBeenCalledWith('No insights data: no one has answered yet');
  });

  it('is empty, and logs the error, when the call fails', async () => {
    api.down = true;
    await loadInsights();
    expect($insights.get()).toEqual({ status: 'empty' });
    expect(console.error).toHaveBeenCalledWith('Error fetching insights data', expect.objectContaining({ status: 0 }));
  });
});
