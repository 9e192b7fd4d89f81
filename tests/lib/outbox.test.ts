import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmitInput } from '../../src/lib/api.ts';

const api = vi.hoisted(() => ({
  calls: [] as string[],
  answer: 'ok' as 'ok' | 'network' | 'invalid',
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
      return { submission_id: input.submission_id };
    },
  };
});

const outbox = await import('../../src/lib/outbox.ts');
const sender = await import('../../src/lib/pending-submissions.ts');

const KEY = 'myc.pending-submissions.v1';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

function submission(id: string): SubmitInput {
  return { submission_id: id, name: null, answers: [{ question_id: 1, answer_text: 'Agree' }] };
}

const ID_1 = '00000000-0000-4000-8000-000000000001';
const ID_2 = '00000000-0000-4000-8000-000000000002';
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  api.calls = [];
  api.answer = 'ok';
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the submission outbox', () => {
  it('keeps a submission that could not be sent, logs the spec\'s message, and sends it once on retry', async () => {
    api.answer = 'network';
    expect(await sender.saveSubmission(submission(ID_1))).toBe('queued');
    expect(console.error).toHaveBeenCalledWith('Error saving final scores', expect.anything());
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([submission(ID_1)]);

    api.answer = 'ok';
    // Two retries at once (page load and "online" together) send it once.
    const [a, b] = await Promise.all([sender.retryPendingSubmissions(), sender.retryPendingSubmissions()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(api.calls).toEqual([ID_1, ID_1]);
    expect(storage.getItem(KEY)).toBeNull();
    expect(await sender.retryPendingSubmissions()).toBe(0);
    expect(api.calls).toHaveLength(2);
  });

  it('drops a submission the backend rejects as invalid instead of retrying it forever', async () => {
    api.answer = 'invalid';
    expect(await sender.saveSubmission(submission(ID_1))).toBe('rejected');
    expect(outbox.readPending()).toEqual([]);
  });

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

  it('makes v4 UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(outbox.newSubmissionId()).toMatch(v4);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
    const ids = new Set(Array.from({ length: 50 }, () => outbox.newSubmissionId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(v4);
  });
});
