import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RespondentMatches, SecretInsights } from '../../src/lib/api.ts';

const CORRECT = 'open sesame';

const api = vi.hoisted(() => ({
  calls: [] as { fn: string; password: string; query?: string }[],
  down: false,
  throttled: false,
  count: 2,
}));

function secretInsights(count: number): SecretInsights {
  const some = count > 0;
  const scores = { love: 0.5, duty: 0.25, honor: 0.5, reason: 0.5 };
  return {
    count,
    mean: some ? scores : null,
    min: some ? scores : null,
    max: some ? scores : null,
    quadrants: [],
    answer_shares: [],
    points: { kind: 'all', total: count, raw: some ? [[1, 2, 3, 4], [5, 6, 7, 8]] : [], names: some ? ['Ada', null] : [] },
  };
}

vi.mock('../../src/lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/api.ts')>();
  const check = (password: string) => {
    if (api.down) throw new original.ApiError('fetch failed', '', 0);
    if (api.throttled) throw new original.ApiError('too many attempts', 'PT429', 429);
    if (password !== CORRECT) throw new original.ApiError('invalid password', '28P01', 403);
  };
  return {
    ...original,
    fetchSecretInsights: async (password: string) => {
      api.calls.push({ fn: 'secret_insights', password });
      check(password);
      return secretInsights(api.count);
    },
    findRespondents: async (password: string, query: string): Promise<RespondentMatches> => {
      api.calls.push({ fn: 'find_respondents', password, query });
      check(password);
      return query.toLowerCase() === 'ada'
        ? { total: 1, matches: [{ name: 'Ada', raw: [1, 2, 3, 4] }] }
        : { total: 0, matches: [] };
    },
  };
});

async function freshStore() {
  vi.resetModules();
  return import('../../src/stores/secret-insights.ts');
}

describe('hidden page store', () => {
  beforeEach(() => {
    api.calls = [];
    api.down = false;
    api.throttled = false;
    api.count = 2;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a wrong password is "incorrect" and leaves the page locked', async () => {
    const store = await freshStore();
    await expect(store.unlock('guess')).resolves.toBe('incorrect');
    expect(store.$secret.get()).toEqual({ status: 'idle' });
    expect(console.error).not.toHaveBeenCalled();
    await expect(store.searchByName('ada')).resolves.toBe('failed');
    expect(api.calls.map((c) => c.fn)).toEqual(['secret_insights']);
  });

  it('an unreachable backend is "failed", is logged, and leaves the page locked in a failed state', async () => {
    const store = await freshStore();
    api.down = true;
    await expect(store.unlock(CORRECT)).resolves.toBe('failed');
    expect(store.$secret.get()).toEqual({ status: 'failed' });
    expect(store.isUnlocked()).toBe(false);
    expect(console.error).toHaveBeenCalledWith('Error fetching insights data', expect.objectContaining({ status: 0 }));
    await expect(store.searchByName('ada')).resolves.toBe('failed');
    // The next try, once the backend answers, unlocks.
    api.down = false;
    await expect(store.unlock(CORRECT)).resolves.toBe('unlocked');
    expect(store.$secret.get().status).toBe('ready');
  });

  it('too many attempts (429) is "throttled", even with the right password, and leaves the page locked', async () => {
    const store = await freshStore();
    api.throttled = true;
    await expect(store.unlock(CORRECT)).resolves.toBe('throttled');
    expect(store.$secret.get()).toEqual({ status: 'idle' });
    await expect(store.searchByName('ada')).resolves.toBe('failed');
  });

  it('the right password unlocks, and later searches send it without being asked again', async () => {
    const store = await freshStore();
    await expect(store.unlock(CORRECT)).resolves.toBe('unlocked');
    const state = store.$secret.get();
    expect(state.status).toBe('ready');
    expect(JSON.stringify(state)).not.toContain(CORRECT);
    await expect(store.searchByName('  ADA ')).resolves.toBe('found');
    expect(api.calls.at(-1)).toEqual({ fn: 'find_respondents', password: CORRECT, query: 'ADA' });
    expect(store.$search.get()?.result.matches.map((m) => m.name)).toEqual(['Ada']);
    await expect(store.searchByName('nobody')).resolves.toBe('none');
    await expect(store.searchByName('   ')).resolves.toBe('cleared');
    expect(store.$search.get()).toBeNull();
    expect(api.calls).toHaveLength(3);
  });

  it('a clicked dot gives its name, "null" for an anonymous one, and matches by their own index', async () => {
    const store = await freshStore();
    await store.unlock(CORRECT);
    store.pickRespondent('scatter', { layer: 'respondents', index: 0 });
    expect(store.$pickedRespondent.get()).toEqual({ chart: 'scatter', name: 'Ada' });
    store.pickRespondent('relative', { layer: 'respondents', index: 1 });
    expect(store.$pickedRespondent.get()).toEqual({ chart: 'relative', name: null });
    await store.searchByName('ada');
    store.pickRespondent('relative', { layer: 'highlighted', index: 0 });
    expect(store.$pickedRespondent.get()).toEqual({ chart: 'relative', name: 'Ada' });
  });

  it('unlocks onto empty charts when no one has answered, and notes it quietly in the log, not as an error', async () => {
    const store = await freshStore();
    api.count = 0;
    await expect(store.unlock(CORRECT)).resolves.toBe('unlocked');
    expect(store.$secret.get()).toEqual({ status: 'empty' });
    expect(console.info).toHaveBeenCalledWith('No insights data: no one has answered yet');
    expect(console.error).not.toHaveBeenCalled();
  });
});
