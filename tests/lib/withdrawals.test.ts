import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmitInput } from '../../src/lib/api.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

/** A backend in memory: rows stored by id with their secret, every call in order. */
const api = vi.hoisted(() => ({
  calls: [] as string[],
  rows: new Map<string, string | undefined>(),
  down: false,
  busy: false,
}));

vi.mock('../../src/lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/api.ts')>();
  const reach = async () => {
    await new Promise((r) => setTimeout(r, 5));
    if (api.down) throw new original.ApiError('TypeError: Failed to fetch', '', 0);
  };
  return {
    ...original,
    submitResponse: async (input: SubmitInput) => {
      api.calls.push(`save ${input.submission_id}`);
      await reach();
      if (!api.rows.has(input.submission_id)) api.rows.set(input.submission_id, input.withdrawal_secret);
      return { submission_id: input.submission_id };
    },
    withdrawResponse: async (id: string, secret: string) => {
      api.calls.push(`remove ${id}`);
      await reach();
      if (api.busy) throw new original.ApiError('too many withdrawals from this address', 'PT429', 429);
      const withdrawn = api.rows.has(id) && api.rows.get(id) === secret;
      if (withdrawn) api.rows.delete(id);
      return { withdrawn };
    },
  };
});

const KEY = 'myc.pending-withdrawals.v1';
const ID = '00000000-0000-4000-8000-00000000000a';
const SECRET = 'ab'.repeat(32);

let outbox: typeof import('../../src/lib/outbox.ts');
let withdrawals: typeof import('../../src/lib/withdrawals.ts');

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  api.calls = [];
  api.rows = new Map();
  api.down = false;
  api.busy = false;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.resetModules();
  outbox = await import('../../src/lib/outbox.ts');
  withdrawals = await import('../../src/lib/withdrawals.ts');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const save = () =>
  outbox.save({
    submission_id: ID,
    name: null,
    answers: [{ question_id: 1, answer_text: 'Agree' }],
    withdrawal_secret: SECRET,
  });

describe('the removal outbox', () => {
  it('removes a stored result with its secret, and keeps nothing once the backend has answered', async () => {
    expect(await save()).toBe('stored');
    expect(withdrawals.withdrawalSecretOf(ID)).toBe(SECRET);
    expect(await withdrawals.withdraw({ submission_id: ID, secret: SECRET })).toBe('removed');
    expect(api.rows.has(ID)).toBe(false);
    expect(localStorage.getItem(KEY)).toBeNull();
    // Sent again (a lost answer), it is answered as an unknown id and changes nothing.
    expect(await withdrawals.withdraw({ submission_id: ID, secret: SECRET })).toBe('absent');
  });

  it('sends the save still waiting first, then the removal: neither is lost', async () => {
    api.down = true;
    expect(await save()).toBe('unreachable');
    expect(await withdrawals.withdraw({ submission_id: ID, secret: SECRET })).toBe('unreachable');
    expect(JSON.parse(localStorage.getItem(KEY) ?? '[]')).toEqual([{ submission_id: ID, secret: SECRET }]);
    expect(api.rows.size).toBe(0);

    api.down = false;
    api.calls = [];
    expect(await withdrawals.sendWithdrawals()).toEqual(['removed']);
    expect(api.calls).toEqual([`save ${ID}`, `remove ${ID}`]);
    expect(api.rows.size).toBe(0);
    expect(outbox.readPending()).toEqual([]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('sends a removal asked for twice at once only once', async () => {
    await save();
    api.calls = [];
    const outcomes = await Promise.all([
      withdrawals.withdraw({ submission_id: ID, secret: SECRET }),
      withdrawals.sendWithdrawals(),
      withdrawals.sendWithdrawals(),
    ]);
    expect(outcomes).toEqual(['removed', ['removed'], ['removed']]);
    expect(api.calls).toEqual([`remove ${ID}`]);
  });

  it('keeps a removal refused for "too many" and sends it again after a pause', async () => {
    await save();
    api.busy = true;
    vi.useFakeTimers();
    const first = withdrawals.withdraw({ submission_id: ID, secret: SECRET });
    await vi.advanceTimersByTimeAsync(10);
    expect(await first).toBe('rate-limited');
    expect(JSON.parse(localStorage.getItem(KEY) ?? '[]')).toHaveLength(1);
    api.busy = false;
    await vi.advanceTimersByTimeAsync(outbox.RATE_LIMIT_PAUSE_MS + 10);
    expect(api.rows.has(ID)).toBe(false);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('ignores malformed entries in storage', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify([{ submission_id: 'x', secret: SECRET }, { submission_id: ID, secret: 'short' }, 7]),
    );
    expect(withdrawals.readWithdrawals()).toEqual([]);
    expect(await withdrawals.sendWithdrawals()).toEqual([]);
    expect(api.calls).toEqual([]);
  });
});
