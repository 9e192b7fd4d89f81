import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmitInput } from '../../src/lib/api.ts';
import { MemoryStorage } from './memory-storage.ts';

const api = vi.hoisted(() => ({
  calls: [] as string[],
  stored: new Set<string>(),
  answer: 'ok' as 'ok' | 'network' | 'invalid' | 'busy' | 'busy-status-only',
}));

vi.mock('../../src/lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/api.ts')>();
  return {
    ...original,
    submitResponse: async (input: SubmitInput) => {
      api.calls.push(input.submission_id);
      await new Promise((r) => setTimeout(r, 5));
      if (api.answer === 'network') throw new original.ApiError('TypeError: Failed to fetch', '', 0);
      if (api.answer === 'invalid') throw new original.ApiError('question 1 has no answer', '22023', 400);
      if (api.answer === 'busy') throw new original.ApiError('too many submissions from this address', 'PT429', 429);
      // A function that sets response.status itself: no PostgREST error code, only the status.
      if (api.answer === 'busy-status-only') throw new original.ApiError('', '', 429);
      api.stored.add(input.submission_id);
      return { submission_id: input.submission_id };
    },
  };
});

const KEY = 'myc.pending-submissions.v1';
const ID_1 = '00000000-0000-4000-8000-000000000001';
const ID_2 = '00000000-0000-4000-8000-000000000002';

function submission(id: string): SubmitInput {
  return { submission_id: id, name: null, answers: [{ question_id: 1, answer_text: 'Agree' }] };
}

let storage: MemoryStorage;
let outbox: typeof import('../../src/lib/outbox.ts');
let sender: typeof import('../../src/lib/submission-sender.ts');

beforeEach(async () => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  api.calls = [];
  api.stored = new Set();
  api.answer = 'ok';
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  // A fresh sender each time: its pause after "too many" is module state.
  vi.resetModules();
  outbox = await import('../../src/lib/outbox.ts');
  sender = await import('../../src/lib/submission-sender.ts');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the submission sender', () => {
  it('sends what the outbox holds without adding to it, logs the spec\'s message on failure, and sends it once on retry', async () => {
    outbox.addPending(submission(ID_1));
    api.answer = 'network';
    expect(await sender.sendSubmission(submission(ID_1))).toBe('queued');
    expect(console.error).toHaveBeenCalledWith('Error saving final scores', expect.anything());
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([submission(ID_1)]);

    api.answer = 'ok';
    // Two retries at once (page load and "online" together) send it once.
    const [a, b] = await Promise.all([sender.sendPending(), sender.sendPending()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(api.calls).toEqual([ID_1, ID_1]);
    expect(storage.getItem(KEY)).toBeNull();
    expect(await sender.sendPending()).toBe(0);
    expect(api.calls).toHaveLength(2);
  });

  it('drops a submission the backend rejects as invalid instead of retrying it forever', async () => {
    outbox.addPending(submission(ID_1));
    api.answer = 'invalid';
    expect(await sender.sendSubmission(submission(ID_1))).toBe('rejected');
    expect(outbox.readPending()).toEqual([]);
  });

  it('keeps a submission refused with 429 (PT429) and sends it again after a pause, storing it exactly once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    outbox.addPending(submission(ID_1));
    api.answer = 'busy';
    const first = sender.sendSubmission(submission(ID_1));
    await vi.advanceTimersByTimeAsync(5);
    expect(await first).toBe('queued');
    expect(outbox.readPending()).toEqual([submission(ID_1)]);

    // Still too many at the first retry: the next pause is twice as long.
    await vi.advanceTimersByTimeAsync(sender.RATE_LIMIT_PAUSE_MS + 5);
    expect(api.calls).toEqual([ID_1, ID_1]);
    expect(outbox.readPending()).toHaveLength(1);

    api.answer = 'ok';
    await vi.advanceTimersByTimeAsync(2 * sender.RATE_LIMIT_PAUSE_MS - 1);
    expect(api.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1 + 5);
    expect(api.calls).toEqual([ID_1, ID_1, ID_1]);
    expect([...api.stored]).toEqual([ID_1]);
    expect(outbox.readPending()).toEqual([]);

    // Nothing further is sent once it is stored.
    await vi.advanceTimersByTimeAsync(sender.RATE_LIMIT_LONGEST_PAUSE_MS * 2);
    expect(api.calls).toHaveLength(3);
  });

  it('treats a bare 429 status the same way, and one pause sends every waiting submission once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    outbox.addPending(submission(ID_1));
    outbox.addPending(submission(ID_2));
    api.answer = 'busy-status-only';
    const sent = sender.sendPending();
    await vi.advanceTimersByTimeAsync(5);
    expect(await sent).toBe(0);
    expect(outbox.readPending()).toHaveLength(2);

    api.answer = 'ok';
    await vi.advanceTimersByTimeAsync(sender.RATE_LIMIT_PAUSE_MS + 5);
    expect(api.calls).toEqual([ID_1, ID_2, ID_1, ID_2]);
    expect([...api.stored].sort()).toEqual([ID_1, ID_2]);
    expect(outbox.readPending()).toEqual([]);
  });

  it('waits no longer than the longest pause, however often it hears "too many"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    outbox.addPending(submission(ID_1));
    api.answer = 'busy';
    void sender.sendPending();
    // Enough refusals for the doubling to pass the longest pause several times.
    let elapsed = 0;
    while (elapsed < 4 * sender.RATE_LIMIT_LONGEST_PAUSE_MS) {
      await vi.advanceTimersByTimeAsync(sender.RATE_LIMIT_PAUSE_MS);
      elapsed += sender.RATE_LIMIT_PAUSE_MS;
    }
    const before = api.calls.length;
    api.answer = 'ok';
    await vi.advanceTimersByTimeAsync(sender.RATE_LIMIT_LONGEST_PAUSE_MS + 5);
    expect(api.calls.length).toBe(before + 1);
    expect(outbox.readPending()).toEqual([]);
  });
});
