import { describe, expect, it } from 'vitest';
import { lazyOnce } from '../../src/lib/lazy.ts';

describe('lazyOnce', () => {
  it('loads once and gives every caller the same result', async () => {
    let calls = 0;
    const get = lazyOnce(async () => ({ n: ++calls }));
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(calls).toBe(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    let calls = 0;
    const get = lazyOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return 'loaded';
    });
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('loaded');
    expect(await get()).toBe('loaded');
    expect(calls).toBe(2);
  });
});
