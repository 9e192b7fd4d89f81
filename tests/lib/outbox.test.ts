import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmitInput } from '../../src/lib/api.ts';
import { MemoryStorage } from './memory-storage.ts';

const outbox = await import('../../src/lib/outbox.ts');

const KEY = 'myc.pending-submissions.v1';

function submission(id: string): SubmitInput {
  return { submission_id: id, name: null, answers: [{ question_id: 1, answer_text: 'Agree' }] };
}

const ID_1 = '00000000-0000-4000-8000-000000000001';
const ID_2 = '00000000-0000-4000-8000-000000000002';
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
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
