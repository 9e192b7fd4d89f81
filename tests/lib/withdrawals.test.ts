import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, offline, PUBLISHED_BATCH, refuse, useFakeApi, type Refusal } from '../support/fake-api.ts';
import { MemoryStorage } from '../support/memory-storage.ts';
import { stubWindowEvents } from '../support/browser-stub.ts';
import { RATE_LIMIT_PAUSE_MS } from '../../src/lib/send-again-later.ts';

/** Whether the backend holds a row for `id`. */
const stored = (id: string) => api.rows.some((s) => s.submission_id === id);
/** Every save and withdrawal sent, in order: `save <id>`, `remove <id>`. */
const sent = () =>
  api.calls.map((c) =>
    c.fn === 'submitResponse'
      ? `save ${c.args[0].submission_id}`
      : c.fn === 'withdrawResponse'
        ? `remove ${c.args[0]}`
        : c.fn,
  );

const BUSY: Refusal = { message: 'too many withdrawals from this address', code: 'PT429', status: 429 };
// What the backend answers a withdrawal it can never accept, such as one whose secret is no hash's input.
const MALFORMED: Refusal = { message: 'invalid withdrawal secret', code: '22023', status: 400 };

const KEY = 'myc.pending-withdrawals.v1';
const ID = '00000000-0000-4000-8000-00000000000a';
const SECRET = 'ab'.repeat(32);

let outbox: typeof import('../../src/lib/outbox.ts');
let withdrawals: typeof import('../../src/lib/withdrawals.ts');

// Fresh outboxes each time (below): their pauses after a failure are module state.
useFakeApi(() => {});

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  // Each call takes a moment to answer, as over a network.
  api.latencyMs = 5;
  vi.resetModules();
  outbox = await import('../../src/lib/outbox.ts');
  withdrawals = await import('../../src/lib/withdrawals.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const save = () =>
  outbox.save({
    submission_id: ID,
    name: null,
    answers: [{ question_id: 1, answer_text: 'Agree' }],
    withdrawal_secret: SECRET,
  });

describe('the withdrawals outbox', () => {
  it('removes a stored result with its secret, and keeps nothing once the backend has answered', async () => {
    expect(await save()).toEqual({ phase: 'saved', submissionId: ID, batch: PUBLISHED_BATCH });
    expect(await withdrawals.withdraw({ submission_id: ID, secret: SECRET })).toBe('withdrawn');
    expect(stored(ID)).toBe(false);
    expect(localStorage.getItem(KEY)).toBeNull();
    // Sent again (a lost answer), it is answered as an unknown id and changes nothing.
    expect(await withdrawals.withdraw({ submission_id: ID, secret: SECRET })).toBe('absent');
  });

  it('sends the save still waiting first, then the withdrawal: neither is lost', async () => {
    api.on.submitResponse = offline;
    api.on.withdrawResponse = offline;
    expect(await save()).toEqual({ phase: 'queued', submissionId: ID, reason: 'unreachable' });
    expect(await withdrawals.withdraw({ submission_id: ID, secret: SECRET })).toBe('unreachable');
    expect(JSON.parse(localStorage.getItem(KEY) ?? '[]')).toEqual([{ submission_id: ID, secret: SECRET }]);
    expect(stored(ID)).toBe(false);

    api.restore('submitResponse');
    api.restore('withdrawResponse');
    api.calls = [];
    expect(await withdrawals.sendWithdrawals()).toEqual(['withdrawn']);
    expect(sent()).toEqual([`save ${ID}`, `remove ${ID}`]);
    expect(stored(ID)).toBe(false);
    expect(outbox.readPending()).toEqual([]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('sends a withdrawal asked for twice at once only once', async () => {
    await save();
    api.calls = [];
    const outcomes = await Promise.all([
      withdrawals.withdraw({ submission_id: ID, secret: SECRET }),
      withdrawals.sendWithdrawals(),
      withdrawals.sendWithdrawals(),
    ]);
    expect(outcomes).toEqual(['withdrawn', ['withdrawn'], ['withdrawn']]);
    expect(sent()).toEqual([`remove ${ID}`]);
  });

  it('keeps a withdrawal refused for "too many" and sends it again after a pause', async () => {
    await save();
    api.on.withdrawResponse = refuse(BUSY);
    vi.useFakeTimers();
    const first = withdrawals.withdraw({ submission_id: ID, secret: SECRET });
    await vi.advanceTimersByTimeAsync(10);
    expect(await first).toBe('rate-limited');
    expect(JSON.parse(localStorage.getItem(KEY) ?? '[]')).toHaveLength(1);
    api.restore('withdrawResponse');
    await vi.advanceTimersByTimeAsync(RATE_LIMIT_PAUSE_MS + 10);
    expect(stored(ID)).toBe(false);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('drops a withdrawal the backend refuses for good (400) and never sends it again', async () => {
    const browser = stubWindowEvents();
    await save();
    api.on.withdrawResponse = refuse(MALFORMED);
    vi.useFakeTimers();
    const refused = withdrawals.withdraw({ submission_id: ID, secret: SECRET });
    await vi.advanceTimersByTimeAsync(10);
    expect(await refused).toBe('absent');
    expect(localStorage.getItem(KEY)).toBeNull();
    api.calls = [];
    browser.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10 * RATE_LIMIT_PAUSE_MS);
    expect(await withdrawals.sendWithdrawals()).toEqual([]);
    expect(sent()).toEqual([]);
  });

  it('of the withdrawals kept from an earlier visit, drops the one refused with 400 and keeps the one refused for "too many"', async () => {
    const OTHER = '00000000-0000-4000-8000-00000000000b';
    localStorage.setItem(
      KEY,
      JSON.stringify([
        { submission_id: ID, secret: SECRET },
        { submission_id: OTHER, secret: SECRET },
      ]),
    );
    api.on.withdrawResponse = (submissionId) => refuse(submissionId === ID ? MALFORMED : BUSY)();
    vi.useFakeTimers();
    const sending = withdrawals.sendWithdrawals();
    await vi.advanceTimersByTimeAsync(10);
    expect(await sending).toEqual(['absent', 'rate-limited']);
    expect(api.argsOf('withdrawResponse')).toEqual([
      [ID, SECRET],
      [OTHER, SECRET],
    ]);
    expect(withdrawals.readWithdrawals()).toEqual([{ submission_id: OTHER, secret: SECRET }]);
  });

  it('ignores malformed entries in storage', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify([{ submission_id: 'x', secret: SECRET }, { submission_id: ID, secret: 'short' }, 7]),
    );
    expect(withdrawals.readWithdrawals()).toEqual([]);
    expect(await withdrawals.sendWithdrawals()).toEqual([]);
    expect(sent()).toEqual([]);
  });
});
