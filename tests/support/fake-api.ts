/**
 * The backend as the store tests see it: `src/lib/api.ts` with its three
 * network calls answered in memory, so a test can hold, fail or inspect a
 * save. A test file installs it with
 *
 *   vi.mock('../../src/lib/api.ts', async (original) =>
 *     (await import('../support/fake-api.ts')).fakeApiModule(await original()));
 *
 * and reads the same `api` object, since both imports share one module.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { scoreChoices } from '../../src/core/scoring.ts';
import type * as Api from '../../src/lib/api.ts';
import type { ResponseStats, SubmitInput } from '../../src/lib/api.ts';

export const api = {
  submitted: [] as SubmitInput[],
  failSubmit: false,
  statsDown: false,
  statsCalls: 0,
  holdSubmit: null as Promise<void> | null,
  stats: { count: 3, love: 0.5, duty: 0.25, honor: 0.4, reason: 0.6 } as ResponseStats,
};

/** Back to a backend that saves everything and answers at once. */
function resetFakeApi(): void {
  api.submitted = [];
  api.failSubmit = false;
  api.statsDown = false;
  api.statsCalls = 0;
  api.holdSubmit = null;
}

/** Holds every save until the returned release() is called. */
export function holdSaves(): () => void {
  let release!: () => void;
  api.holdSubmit = new Promise((resolve) => (release = resolve));
  return release;
}

/**
 * The hooks of a store test: before each test the stores (`resetStores`)
 * and this backend start afresh and the stores' expected console output is
 * muted; after it, mocks and timers are restored.
 */
export function useFakeApi(resetStores: () => void): void {
  beforeEach(() => {
    resetStores();
    resetFakeApi();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}

export function fakeApiModule(original: typeof Api): typeof Api {
  return {
    ...original,
    submitResponse: async (input: SubmitInput) => {
      await api.holdSubmit;
      if (api.failSubmit) throw new original.ApiError('fetch failed', '', 0);
      api.submitted.push(structuredClone(input));
      // What submit_response answers: the raw and the normalized scores, as the core derives them.
      const { raw, normalized } = scoreChoices(input.answers);
      return {
        submission_id: input.submission_id,
        ...raw,
        love_normalized: normalized.love,
        duty_normalized: normalized.duty,
        honor_normalized: normalized.honor,
        reason_normalized: normalized.reason,
      };
    },
    fetchResponseStats: async () => {
      api.statsCalls += 1;
      if (api.statsDown) throw new original.ApiError('fetch failed', '', 0);
      return api.stats;
    },
    // An older backend without answer_shares: the results show no per-answer shares.
    fetchAnswerShares: async () => {
      throw new original.ApiError('function answer_shares does not exist', 'PGRST202', 404);
    },
  };
}

/** The answer texts of a path of answer indices, one per question. */
export function answerTexts(path: readonly number[]): string[] {
  return path.map((a, q) => QUESTIONS[q]!.answers[a]!.text);
}

/** Lets the stores' pending promises and timers of 0 ms run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}
