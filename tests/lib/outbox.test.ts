import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmitInput } from '../../src/lib/api.ts';
import { stubWindowEvents } from '../support/browser-stub.ts';
import { api, offline, refuse, useFakeApi, type Refusal } from '../support/fake-api.ts';
import { MemoryStorage } from '../support/memory-storage.ts';
import type { QueueReason } from '../../src/lib/outbox.ts';
import { ONLINE_RETRY_DOUBLINGS, ONLINE_RETRY_MS } from '../../src/lib/network.ts';
import { RATE_LIMIT_LONGEST_PAUSE_MS, RATE_LIMIT_PAUSE_MS } from '../../src/lib/send-again-later.ts';

const INVALID: Refusal = { message: 'question 1 has no answer', code: '22023', status: 400 };
const BUSY: Refusal = { message: 'too many submissions from this address', code: 'PT429', status: 429 };
// A function that sets response.status itself: no PostgREST error code, only the status.
const BUSY_STATUS_ONLY: Refusal = { message: '', code: '', status: 429 };

/** The ids of the submissions the backend stored. */
const stored = () => api.rows.map((s) => s.submission_id);
/** The id of every save sent, stored or not. */
const attempts = () => api.argsOf('submitResponse').map(([s]) => s.submission_id);

const KEY = 'myc.pending-submissions.v1';
const ID_1 = '00000000-0000-4000-8000-000000000001';
const ID_2 = '00000000-0000-4000-8000-000000000002';

const queued = (submissionId: string, reason: QueueReason) => ({ phase: 'queued', submissionId, reason });

function submission(id: string): SubmitInput {
  return { submission_id: id, name: null, answers: [{ question_id: 1, answer_text: 'Agree' }] };
}

let storage: MemoryStorage;
let outbox: typeof import('../../src/lib/outbox.ts');

// A fresh outbox each time (below): its pause after a failure is module state.
useFakeApi(() => {});

beforeEach(async () => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  // Each save takes a moment to answer, as over a network.
  api.latencyMs = 5;
  vi.resetModules();
  outbox = await import('../../src/lib/outbox.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the submission outbox', () => {
  it('ignores malformed entries in storage', () => {
    storage.setItem(
      KEY,
      JSON.stringify([
        submission(ID_2),
        { submission_id: 'not-a-uuid', name: null, answers: [] },
        { submission_id: ID_1, name: 5, answers: [] },
        { submission_id: ID_1, name: null, answers: [{ question_id: '1', answer_text: 'Agree' }] },
        'text',
        null,
      ]),
    );
    expect(outbox.readPending()).toEqual([submission(ID_2)]);
    storage.setItem(KEY, '{not json');
    expect(outbox.readPending()).toEqual([]);
    storage.setItem(KEY, '{"a":1}');
    expect(outbox.readPending()).toEqual([]);
  });

  it('adding the same submission twice keeps one copy', () => {
    outbox.addPending(submission(ID_1));
    outbox.addPending(submission(ID_1));
    outbox.addPending(submission(ID_2));
    expect(outbox.readPending().map((s) => s.submission_id)).toEqual([ID_1, ID_2]);
    outbox.removePending(ID_1);
    expect(outbox.readPending().map((s) => s.submission_id)).toEqual([ID_2]);
  });
});

describe('sending the outbox', () => {
  it("sends what the outbox holds without adding to it, logs the spec's message on failure, and sends it once on retry", async () => {
    outbox.addPending(submission(ID_1));
    api.on.submitResponse = offline;
    expect(await outbox.sendKept(submission(ID_1))).toEqual(queued(ID_1, 'unreachable'));
    expect(console.error).toHaveBeenCalledWith('Error saving final scores', expect.anything());
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([submission(ID_1)]);

    api.restore('submitResponse');
    // Two retries at once (page load and "online" together) send it once.
    const [a, b] = await Promise.all([outbox.sendPending(), outbox.sendPending()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(attempts()).toEqual([ID_1, ID_1]);
    expect(storage.getItem(KEY)).toBeNull();
    expect(await outbox.sendPending()).toBe(0);
    expect(attempts()).toHaveLength(2);
  });

  it('keeps a finished quiz before sending it; what waits goes out at page load and whenever the network is back', async () => {
    api.on.submitResponse = offline;
    const saving = outbox.save(submission(ID_1));
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([submission(ID_1)]);
    expect(await saving).toEqual(queued(ID_1, 'unreachable'));
    expect(outbox.readPending()).toEqual([submission(ID_1)]);

    const browser = stubWindowEvents();
    const stop = outbox.watchOutbox(() => {});
    // The send at page load fails too.
    await api.settled();
    expect(attempts()).toEqual([ID_1, ID_1]);
    expect(outbox.readPending()).toHaveLength(1);

    api.restore('submitResponse');
    browser.dispatchEvent(new Event('online'));
    await api.settled();
    expect(outbox.readPending()).toEqual([]);
    expect(stored()).toEqual([ID_1]);

    stop();
    outbox.addPending(submission(ID_2));
    browser.dispatchEvent(new Event('online'));
    await api.settled();
    expect(attempts()).toEqual([ID_1, ID_1, ID_1]);
  });

  it('sends again when the network comes back while a send made offline is still failing', async () => {
    api.on.submitResponse = offline;
    const release = api.hold('submitResponse');
    const first = outbox.save(submission(ID_1));
    // The browser's "online" arrives while that send is on its way to failing: nothing else will fire later.
    const afterReconnect = outbox.sendPending();
    release();
    expect(await first).toEqual(queued(ID_1, 'unreachable'));
    api.restore('submitResponse');
    expect(await afterReconnect).toBe(1);
    expect(attempts()).toEqual([ID_1, ID_1]);
    expect(stored()).toEqual([ID_1]);
    expect(outbox.readPending()).toEqual([]);
  });

  it('while the browser says it is online, sends an unreachable save again after 2 s, then after 4 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('navigator', { onLine: true });
    api.on.submitResponse = offline;
    const first = outbox.save(submission(ID_1));
    await vi.advanceTimersByTimeAsync(5);
    expect(await first).toEqual(queued(ID_1, 'unreachable'));
    await vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS - 10);
    expect(attempts()).toEqual([ID_1]);
    await vi.advanceTimersByTimeAsync(10);
    expect(attempts()).toEqual([ID_1, ID_1]);
    api.restore('submitResponse');
    await vi.advanceTimersByTimeAsync(2 * ONLINE_RETRY_MS - 10);
    expect(attempts()).toEqual([ID_1, ID_1]);
    await vi.advanceTimersByTimeAsync(20);
    expect(stored()).toEqual([ID_1]);
    expect(outbox.readPending()).toEqual([]);
  });

  it('offline, leaves an unreachable save to the browser coming back online', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('navigator', { onLine: false });
    api.on.submitResponse = offline;
    const first = outbox.save(submission(ID_1));
    await vi.advanceTimersByTimeAsync(5);
    expect(await first).toEqual(queued(ID_1, 'unreachable'));
    await vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS * 2 ** ONLINE_RETRY_DOUBLINGS * 2);
    expect(attempts()).toEqual([ID_1]);
  });

  it('drops a submission the backend rejects as invalid instead of retrying it forever', async () => {
    outbox.addPending(submission(ID_1));
    api.on.submitResponse = refuse(INVALID);
    expect(await outbox.sendKept(submission(ID_1))).toEqual({ phase: 'rejected', submissionId: ID_1 });
    expect(outbox.readPending()).toEqual([]);
  });

  it('keeps a submission refused with 429 (PT429) and sends it again after a pause, storing it exactly once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    outbox.addPending(submission(ID_1));
    api.on.submitResponse = refuse(BUSY);
    const first = outbox.sendKept(submission(ID_1));
    await vi.advanceTimersByTimeAsync(5);
    expect(await first).toEqual(queued(ID_1, 'rate-limited'));
    expect(outbox.readPending()).toEqual([submission(ID_1)]);

    // Still too many at the first retry: the next pause is twice as long.
    await vi.advanceTimersByTimeAsync(RATE_LIMIT_PAUSE_MS + 5);
    expect(attempts()).toEqual([ID_1, ID_1]);
    expect(outbox.readPending()).toHaveLength(1);

    api.restore('submitResponse');
    await vi.advanceTimersByTimeAsync(2 * RATE_LIMIT_PAUSE_MS - 1);
    expect(attempts()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1 + 5);
    expect(attempts()).toEqual([ID_1, ID_1, ID_1]);
    expect(stored()).toEqual([ID_1]);
    expect(outbox.readPending()).toEqual([]);

    // Nothing further is sent once it is stored.
    await vi.advanceTimersByTimeAsync(RATE_LIMIT_LONGEST_PAUSE_MS * 2);
    expect(attempts()).toHaveLength(3);
  });

  it('treats a bare 429 status the same way, and one pause sends every waiting submission once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    outbox.addPending(submission(ID_1));
    outbox.addPending(submission(ID_2));
    api.on.submitResponse = refuse(BUSY_STATUS_ONLY);
    const sent = outbox.sendPending();
    await vi.advanceTimersByTimeAsync(5);
    expect(await sent).toBe(0);
    expect(outbox.readPending()).toHaveLength(2);

    api.restore('submitResponse');
    await vi.advanceTimersByTimeAsync(RATE_LIMIT_PAUSE_MS + 5);
    expect(attempts()).toEqual([ID_1, ID_2, ID_1, ID_2]);
    expect(stored().sort()).toEqual([ID_1, ID_2]);
    expect(outbox.readPending()).toEqual([]);
  });

  it('waits no longer than the longest pause, however often it hears "too many"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    outbox.addPending(submission(ID_1));
    api.on.submitResponse = refuse(BUSY);
    void outbox.sendPending();
    // Enough refusals for the doubling to pass the longest pause several times.
    let elapsed = 0;
    while (elapsed < 4 * RATE_LIMIT_LONGEST_PAUSE_MS) {
      await vi.advanceTimersByTimeAsync(RATE_LIMIT_PAUSE_MS);
      elapsed += RATE_LIMIT_PAUSE_MS;
    }
    const before = attempts().length;
    api.restore('submitResponse');
    await vi.advanceTimersByTimeAsync(RATE_LIMIT_LONGEST_PAUSE_MS + 5);
    expect(attempts().length).toBe(before + 1);
    expect(outbox.readPending()).toEqual([]);
  });
});
