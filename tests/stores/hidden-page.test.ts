import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HIDDEN_PAGE_KEY as KEY,
  UNKNOWN_KEY,
  WRONG_PASSWORD,
  answer,
  api,
  hiddenPageOf,
  offline,
  refuse,
  type Refusal,
} from '../support/fake-api.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

const CORRECT = 'open sesame';
const TOO_MANY: Refusal = { message: 'too many attempts', code: 'PT429', status: 429 };

async function freshStore() {
  vi.resetModules();
  return import('../../src/stores/hidden-page.ts');
}

describe('hidden page store', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('a wrong password is "incorrect" and leaves the page locked', async () => {
    const store = await freshStore();
    api.on.unlockHiddenPage = refuse(WRONG_PASSWORD);
    await expect(store.unlock('guess')).resolves.toBe('incorrect');
    expect(store.$hiddenPage.get()).toEqual({ status: 'idle' });
    expect(console.error).not.toHaveBeenCalled();
    await expect(store.searchByName('ada')).resolves.toBe('failed');
    expect(api.calls.map((c) => c.fn)).toEqual(['unlockHiddenPage']);
  });

  it('an unreachable backend is "failed", is logged, and leaves the page locked in a failed state', async () => {
    const store = await freshStore();
    api.on.unlockHiddenPage = offline;
    await expect(store.unlock(CORRECT)).resolves.toBe('failed');
    expect(store.$hiddenPage.get()).toEqual({ status: 'failed' });
    expect(store.isUnlocked()).toBe(false);
    expect(console.error).toHaveBeenCalledWith('Error fetching insights data', expect.objectContaining({ status: 0 }));
    await expect(store.searchByName('ada')).resolves.toBe('failed');
    // The next try, once the backend answers, unlocks.
    api.restore('unlockHiddenPage');
    await expect(store.unlock(CORRECT)).resolves.toBe('unlocked');
    expect(store.$hiddenPage.get().status).toBe('ready');
  });

  it('too many attempts (429) is "throttled", even with the right password, and leaves the page locked', async () => {
    const store = await freshStore();
    api.on.unlockHiddenPage = refuse(TOO_MANY);
    await expect(store.unlock(CORRECT)).resolves.toBe('throttled');
    expect(store.$hiddenPage.get()).toEqual({ status: 'idle' });
    await expect(store.searchByName('ada')).resolves.toBe('failed');
  });

  it('the right password unlocks for a key, which later searches send without being asked again', async () => {
    const store = await freshStore();
    await expect(store.unlock(CORRECT)).resolves.toBe('unlocked');
    const state = store.$hiddenPage.get();
    expect(state.status).toBe('ready');
    expect(JSON.stringify(state)).not.toContain(CORRECT);
    await expect(store.searchByName('  ADA ')).resolves.toBe('found');
    expect(api.calls.at(-1)).toEqual({ fn: 'findRespondents', args: [{ key: KEY }, 'ADA'] });
    expect(store.$search.get()?.result.matches.map((m) => m.name)).toEqual(['Ada']);
    await expect(store.searchByName('nobody')).resolves.toBe('none');
    await expect(store.searchByName('   ')).resolves.toBe('cleared');
    expect(store.$search.get()).toBeNull();
    expect(api.calls.map((c) => c.fn)).toEqual([
      'unlockHiddenPage',
      'fetchHiddenPageInsights',
      'findRespondents',
      'findRespondents',
    ]);
    expect(JSON.stringify(api.calls.slice(1))).not.toContain(CORRECT);
  });

  it('a clicked dot gives its name, "null" for an anonymous one, and matches by their own index', async () => {
    const store = await freshStore();
    await store.unlock(CORRECT);
    store.pickRespondent('scatter', { layer: 'respondents', index: 0 });
    expect(store.$pickedRespondent.get()).toEqual({ chart: 'scatter', layer: 'respondents', index: 0, names: ['Ada'] });
    store.pickRespondent('relative', { layer: 'respondents', index: 1 });
    expect(store.$pickedRespondent.get()).toEqual({ chart: 'relative', layer: 'respondents', index: 1, names: [null] });
    await store.searchByName('ada');
    store.pickRespondent('relative', { layer: 'highlighted', index: 0 });
    expect(store.$pickedRespondent.get()).toEqual({
      chart: 'relative',
      layer: 'highlighted',
      index: 0,
      names: ['Ada'],
    });
  });

  it('a dot on the very place of others names them all, the picked one first', async () => {
    const store = await freshStore();
    const stacked = hiddenPageOf(3);
    stacked.points.raw = [
      [5, 6, 7, 8],
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ];
    stacked.points.names = ['Ada', 'Bea', null];
    api.on.fetchHiddenPageInsights = answer(stacked);
    await store.unlock(CORRECT);
    store.pickRespondent('scatter', { layer: 'respondents', index: 2 });
    expect(store.$pickedRespondent.get()?.names).toEqual([null, 'Ada']);
    store.pickRespondent('scatter', { layer: 'respondents', index: 1 });
    expect(store.$pickedRespondent.get()?.names).toEqual(['Bea']);
  });

  it('unlocks onto empty charts when no one has answered, and notes it quietly in the log, not as an error', async () => {
    const store = await freshStore();
    api.on.fetchHiddenPageInsights = answer(hiddenPageOf(0));
    await expect(store.unlock(CORRECT)).resolves.toBe('unlocked');
    expect(store.$hiddenPage.get()).toEqual({ status: 'empty' });
    expect(console.info).toHaveBeenCalledWith('No insights data: no one has answered yet');
    expect(console.error).not.toHaveBeenCalled();
  });

  it('keeps the key, not the password, and a later visit opens with it alone', async () => {
    await (await freshStore()).unlock(CORRECT);
    const kept = localStorage.getItem('hidden-page-key') ?? '';
    expect(kept).toContain(KEY);
    expect(kept).not.toContain(CORRECT);
    api.calls = [];
    const later = await freshStore();
    await expect(later.resumeUnlock()).resolves.toBe(true);
    expect(later.$hiddenPage.get().status).toBe('ready');
    expect(api.calls).toEqual([{ fn: 'fetchHiddenPageInsights', args: [{ key: KEY }] }]);
    // Past a flood of wrong passwords, too: the key is checked before any limit.
    const withKey = api.on.fetchHiddenPageInsights;
    api.on.unlockHiddenPage = refuse(TOO_MANY);
    api.on.fetchHiddenPageInsights = (access) => ('key' in access ? withKey(access) : refuse(TOO_MANY)());
    await expect((await freshStore()).resumeUnlock()).resolves.toBe(true);
  });

  it('forgets a key the backend no longer knows, and stays locked', async () => {
    localStorage.setItem(
      'hidden-page-key',
      JSON.stringify({ key: 'revoked', expires_at: new Date(Date.now() + 86_400_000).toISOString() }),
    );
    api.on.fetchHiddenPageInsights = refuse(UNKNOWN_KEY);
    const store = await freshStore();
    await expect(store.resumeUnlock()).resolves.toBe(false);
    expect(store.$hiddenPage.get()).toEqual({ status: 'idle' });
    expect(localStorage.getItem('hidden-page-key')).toBeNull();
    await expect(store.resumeUnlock()).resolves.toBe(false);
    expect(api.calls).toHaveLength(1);
  });
});
