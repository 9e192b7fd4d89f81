/**
 * The backend as the unit tests see it: `src/lib/api.ts` with its network
 * calls answered in memory, so a test can hold, fail or inspect any call. A
 * test file that imports this module has the fake in place of the real
 * api.ts (the vi.mock below), as long as it imports this module before any
 * module that loads api.ts; the tests that do not import it keep the real
 * module. A test steers the fake through the `api` object below. A call
 * this fake does not answer throws "not faked: <name>".
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import type * as Api from '../../src/lib/api.ts';
import type {
  HiddenPageAccess,
  HiddenPageInsights,
  Insights,
  RespondentMatches,
  ResponseStats,
  SubmitInput,
} from '../../src/lib/api.ts';

type ApiModule = typeof Api;

vi.mock('../../src/lib/api.ts', async (original: () => Promise<ApiModule>) => fakeApiModule(await original()));

/** What the backend answers with instead of a result: an ApiError's message, code and status. */
export interface Refusal {
  message: string;
  code: string;
  status: number;
}

/** The exports of api.ts that reach no network, kept as they are. */
const OFFLINE_EXPORTS: ReadonlySet<string> = new Set(['ApiError', 'isRateLimited']);

export const HIDDEN_PAGE_PASSWORD = 'open sesame';
/** The key unlock_hidden_page hands out for the right password. */
export const HIDDEN_PAGE_KEY = 'fake-key-for-open-sesame';

const STATS: ResponseStats = { count: 3, love: 0.5, duty: 0.25, honor: 0.4, reason: 0.6 };

/** The aggregates of /insights over `count` respondents, each value at a fixed mean. */
export function insightsOf(count: number): Insights {
  const scores = count > 0 ? { love: 0.5, duty: 0.25, honor: 0.5, reason: 0.5 } : null;
  return {
    count,
    mean: scores,
    min: scores,
    max: scores,
    quadrants: [],
    answer_shares: [],
    points: { kind: 'all', total: count, raw: [] },
  };
}

/** The hidden page's aggregates over two respondents, "Ada" and one anonymous (count 0: none). */
export function hiddenPageOf(count: number): HiddenPageInsights {
  const some = count > 0;
  const scores = { love: 0.5, duty: 0.25, honor: 0.5, reason: 0.5 };
  return {
    count,
    mean: some ? scores : null,
    min: some ? scores : null,
    max: some ? scores : null,
    quadrants: [],
    answer_shares: [],
    points: {
      kind: 'all',
      total: count,
      raw: some
        ? [
            [1, 2, 3, 4],
            [5, 6, 7, 8],
          ]
        : [],
      names: some ? ['Ada', null] : [],
    },
  };
}

function freshState() {
  return {
    /** Every submission stored, in order. */
    submitted: [] as SubmitInput[],
    /** The submission id of every save tried, stored or not. */
    submitAttempts: [] as string[],
    /** Every save and removal tried, in order: `save <id>`, `remove <id>`. */
    calls: [] as string[],
    /** The backend cannot be reached for a save. */
    failSubmit: false,
    /** The backend answers a save with this error (e.g. 429 "too many"). */
    refuseSubmit: null as Refusal | null,
    /** How long each save or removal takes to answer. */
    submitDelayMs: 0,
    /** The backend cannot be reached for a removal. */
    failWithdraw: false,
    /** The backend answers a removal with this error (e.g. 429 "too many", or 400 for a malformed one). */
    refuseWithdraw: null as Refusal | null,
    holdSubmit: null as Promise<void> | null,
    stats: STATS,
    statsDown: false,
    statsCalls: 0,
    insights: insightsOf(3),
    insightsDown: false,
    insightsCalls: 0,
    hiddenPage: hiddenPageOf(2),
    /** The hidden page's calls, by database function, with what they were sent. */
    hiddenPageCalls: [] as { fn: string; password?: string; key?: string; query?: string }[],
    hiddenPageDown: false,
    hiddenPageThrottled: false,
  };
}

export type FakeBackend = ReturnType<typeof freshState>;

/**
 * The one backend every test steers. It lives on globalThis because store
 * tests call vi.resetModules() for a fresh store, which evaluates this file
 * anew inside the mock: the fake must still answer from the state the test holds.
 */
const shared = globalThis as typeof globalThis & { __fakeBackend?: FakeBackend };
export const api: FakeBackend = (shared.__fakeBackend ??= freshState());

/** Back to a backend that saves everything and answers at once. */
export function resetFakeApi(): void {
  Object.assign(api, freshState());
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

/** Every network call of `original` throwing "not faked: <name>", the rest kept. */
function unfaked(original: ApiModule): ApiModule {
  const entries = Object.entries(original).map(([name, value]) => [
    name,
    OFFLINE_EXPORTS.has(name) || typeof value !== 'function'
      ? value
      : () => {
          throw new Error(`not faked: ${name}`);
        },
  ]);
  return Object.fromEntries(entries) as ApiModule;
}

/** api.ts with its network calls answered from `api`; the others throw "not faked". */
function fakeApiModule(original: ApiModule): ApiModule {
  const unreachable = () => new original.ApiError('fetch failed', '', 0);
  const checkPassword = (password: string) => {
    if (api.hiddenPageDown) throw unreachable();
    if (api.hiddenPageThrottled) throw new original.ApiError('too many attempts', 'PT429', 429);
    if (password !== HIDDEN_PAGE_PASSWORD) throw new original.ApiError('invalid password', '28P01', 403);
  };
  // As the database does: a valid key passes before any limit; a stale one alone is refused.
  const checkAccess = (access: HiddenPageAccess) => {
    if (api.hiddenPageDown) throw unreachable();
    if (!('key' in access)) return checkPassword(access.password);
    if (access.key !== HIDDEN_PAGE_KEY) throw new original.ApiError('unknown or expired key', '28P01', 403);
  };
  return {
    ...unfaked(original),
    submitResponse: async (input: SubmitInput) => {
      api.submitAttempts.push(input.submission_id);
      api.calls.push(`save ${input.submission_id}`);
      await api.holdSubmit;
      if (api.submitDelayMs > 0) await new Promise((r) => setTimeout(r, api.submitDelayMs));
      if (api.failSubmit) throw unreachable();
      const refusal = api.refuseSubmit;
      if (refusal) throw new original.ApiError(refusal.message, refusal.code, refusal.status);
      api.submitted.push(structuredClone(input));
    },
    withdrawResponse: async (submissionId: string, secret: string) => {
      api.calls.push(`remove ${submissionId}`);
      if (api.submitDelayMs > 0) await new Promise((r) => setTimeout(r, api.submitDelayMs));
      if (api.failWithdraw) throw unreachable();
      const refusal = api.refuseWithdraw;
      if (refusal) throw new original.ApiError(refusal.message, refusal.code, refusal.status);
      const row = api.submitted.findIndex((s) => s.submission_id === submissionId && s.withdrawal_secret === secret);
      if (row >= 0) api.submitted.splice(row, 1);
      return { withdrawn: row >= 0 };
    },
    fetchResponseStats: async () => {
      api.statsCalls += 1;
      if (api.statsDown) throw unreachable();
      return api.stats;
    },
    // An older backend without answer_shares: the results show no per-answer shares.
    fetchAnswerShares: async () => {
      throw new original.ApiError('function answer_shares does not exist', 'PGRST202', 404);
    },
    fetchInsights: async () => {
      api.insightsCalls += 1;
      if (api.insightsDown) throw unreachable();
      return api.insights;
    },
    unlockHiddenPage: async (password: string) => {
      api.hiddenPageCalls.push({ fn: 'unlock_hidden_page', password });
      checkPassword(password);
      return { key: HIDDEN_PAGE_KEY, expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() };
    },
    fetchHiddenPageInsights: async (access: HiddenPageAccess) => {
      api.hiddenPageCalls.push({ fn: 'hidden_page_insights', ...access });
      checkAccess(access);
      return api.hiddenPage;
    },
    findRespondents: async (access: HiddenPageAccess, query: string): Promise<RespondentMatches> => {
      api.hiddenPageCalls.push({ fn: 'find_respondents', ...access, query });
      checkAccess(access);
      return query.toLowerCase() === 'ada'
        ? { total: 1, matches: [{ name: 'Ada', raw: [1, 2, 3, 4] }] }
        : { total: 0, matches: [] };
    },
  };
}

/** The answer texts of a path of answer indices, one per question. */
export function answerTexts(path: readonly number[]): string[] {
  return path.map((a, q) => QUESTIONS[q]!.answers[a]!.text);
}

export { settle } from './browser-stub.ts';
