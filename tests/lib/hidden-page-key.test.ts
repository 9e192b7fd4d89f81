import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetHiddenPageKey, readHiddenPageKey, saveHiddenPageKey } from '../../src/lib/hidden-page-key.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');

describe("the hidden page's key kept in the browser", () => {
  beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('is read back until the moment it expires, and not from then on', () => {
    saveHiddenPageKey({ key: 'k1', expires_at: '2026-06-01T12:00:01Z' });
    expect(readHiddenPageKey(NOW)).toBe('k1');
    expect(readHiddenPageKey(NOW + 1_000)).toBeNull();
    expect(readHiddenPageKey(NOW + 86_400_000)).toBeNull();
  });

  it('keeps the key and its expiry only, and is gone once forgotten', () => {
    saveHiddenPageKey({ key: 'k2', expires_at: '2026-07-01T00:00:00Z' });
    expect(JSON.parse(localStorage.getItem('hidden-page-key')!)).toEqual({
      key: 'k2',
      expires_at: '2026-07-01T00:00:00Z',
    });
    forgetHiddenPageKey();
    expect(readHiddenPageKey(NOW)).toBeNull();
  });

  it('reads nothing from a stored value of another shape', () => {
    localStorage.setItem('hidden-page-key', JSON.stringify({ key: 5, expires_at: '2026-07-01T00:00:00Z' }));
    expect(readHiddenPageKey(NOW)).toBeNull();
  });
});
