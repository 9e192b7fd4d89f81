/**
 * The backend as the unit tests see it: `src/lib/api.ts` with each network
 * call answered in memory by a handler the test can replace, so a test can
 * hold, fail or inspect any call. This file is a setup file of the unit
 * project (vitest.config.ts): every unit test has the fake in place of the
 * real api.ts, answering as a healthy backend at the start of each test. A
 * test steers it through `api` below:
 *
 *   api.on.withdrawResponse = refuse({ message: 'bad secret', code: '22023', status: 400 });
 *   api.on.fetchInsights = offline;
 *   const release = api.hold('submitResponse');
 *
 * A function api.ts gains that this fake does not answer throws
 * "not faked: <name>".
 */
import { beforeEach, afterEach, vi } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import type * as Api from '../../src/lib/api.ts';
import type {
  HiddenPageAccess,
  HiddenPageInsights,
  Insights,
  QuestionShares,
  RespondentsPage,
  ResponseStats,
  SubmitInput,
} from '../../src/lib/api.ts';

type ApiModule = typeof Api;

vi.mock('../../src/lib/api.ts', async (original: () => Promise<ApiModule>) => fakeApiModule(await original()));

/** The calls of api.ts that go to the backend, by the names api.ts exports them under. */
export type CallName = {
  [K in keyof ApiModule]: ApiModule[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof ApiModule];

/** How the fake answers each call: the call's own signature. */
export type Handlers = { [K in CallName]: ApiModule[K] };

/** One call the product made, with a copy of what it sent. */
export type Call = { [K in CallName]: { fn: K; args: Parameters<ApiModule[K]> } }[CallName];

/** What the backend answers with instead of a result: an ApiError's message, code and status. */
export interface Refusal {
  message: string;
  code: string;
  status: number;
}

/** The key the healthy backend's unlock_hidden_page hands out. */
export const HIDDEN_PAGE_KEY = 'fake-hidden-page-key';

/**
 * The batch the healthy backend's figures are, and the one it says a new
 * save goes out with: the save is in the figures already. A test of a save
 * still waiting for its batch answers submitResponse with a later one.
 */
export const PUBLISHED_BATCH = 4;

export const RESPONSE_STATS: ResponseStats = {
  count: 3,
  love: 0.5,
  duty: 0.25,
  honor: 0.4,
  reason: 0.6,
  batch: PUBLISHED_BATCH,
};

/** How the three respondents of RESPONSE_STATS answered the first question. */
export const ANSWER_SHARES: QuestionShares[] = [
  {
    question_id: QUESTIONS[0]!.id,
    total: 3,
    answers: [
      { answer_text: QUESTIONS[0]!.answers[0]!.text, count: 2, share: 2 / 3 },
      { answer_text: QUESTIONS[0]!.answers[1]!.text, count: 1, share: 1 / 3 },
    ],
  },
];

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
    batch: PUBLISHED_BATCH,
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
    batch: null,
  };
}

/** The api.ts module the mock was last built from: its ApiError is the one the product checks against. */
let real: ApiModule | undefined;

function apiError({ message, code, status }: Refusal): Error {
  if (!real) throw new Error('the fake answered before api.ts was loaded');
  return new real.ApiError(message, code, status);
}

/** A handler for any call: the backend cannot be reached (an ApiError of status 0, as api.ts throws then). */
export const offline = async (): Promise<never> => {
  throw apiError({ message: 'fetch failed', code: '', status: 0 });
};

/** A handler for any call: the backend answers with this error. */
export function refuse(refusal: Refusal): () => Promise<never> {
  return async () => {
    throw apiError(refusal);
  };
}

/** A handler for any call: the backend answers with (a copy of) `value`. */
export function answer<T>(value: T): () => Promise<T> {
  return async () => structuredClone(value);
}

/** How the database refuses a wrong password to the hidden page. */
export const WRONG_PASSWORD: Refusal = { message: 'invalid password', code: '28P01', status: 403 };
/** How the database refuses a hidden-page key it no longer knows (expired, or revoked by a new password). */
export const UNKNOWN_KEY: Refusal = { message: 'unknown or expired key', code: '28P01', status: 403 };

/**
 * A backend that works: it stores what is sent, takes back the row of the
 * id a withdrawal names (telling whether there was one), and answers every
 * read; any password unlocks. A refusal is a test's to set.
 */
function healthy(): Handlers {
  return {
    submitResponse: async (input: SubmitInput) => {
      api.rows.push(structuredClone(input));
      return { batch: PUBLISHED_BATCH };
    },
    withdrawResponse: async (submissionId: string) => {
      const row = api.rows.findIndex((s) => s.submission_id === submissionId);
      if (row >= 0) api.rows.splice(row, 1);
      return { withdrawn: row >= 0 };
    },
    fetchResponseStats: answer(RESPONSE_STATS),
    fetchAnswerShares: answer({ batch: PUBLISHED_BATCH, questions: ANSWER_SHARES }),
    fetchInsights: answer(insightsOf(3)),
    unlockHiddenPage: async () => {
      return { key: HIDDEN_PAGE_KEY, expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() };
    },
    fetchHiddenPageInsights: answer(hiddenPageOf(2)),
    findRespondents: async (_access: HiddenPageAccess, query: string) => {
      return query.toLowerCase() === 'ada'
        ? { total: 1, matches: [{ name: 'Ada', raw: [1, 2, 3, 4] }] }
        : { total: 0, matches: [] };
    },
    fetchRespondentsPage: async (): Promise<RespondentsPage> => {
      return {
        total: 2,
        rows: [
          ['Ada', '2026-01-01T00:00:00Z', 1, 2, 3, 4, 1 / 19, 2 / 17, 3 / 14, 4 / 17],
          [null, '2026-01-02T00:00:00Z', 9.5, 8.5, 7, 7.5, 0.5, 0.5, 0.5, 7.5 / 17],
        ],
        next: null,
      };
    },
    createGroup: answer({ join_code: 'j'.repeat(22), owner_key: 'O'.repeat(43) }),
    fetchGroupInfo: answer({ found: true, name: 'Tuesday book club', open: true } as const),
    joinGroup: answer({ joined: true, name: 'Tuesday book club' } as const),
    fetchGroupMap: answer({
      found: true,
      role: 'owner',
      name: 'Tuesday book club',
      open: true,
      read_at: '2026-01-01T00:00:00Z',
      you: null,
      members: [],
    } as const),
    leaveGroup: answer({ left: true }),
    renameGroup: answer({ done: true }),
    setGroupOpen: answer({ done: true }),
    removeGroupMember: answer({ done: true }),
    deleteGroup: answer({ done: true }),
    fetchGroupCsvRows: answer({ done: true, name: 'Tuesday book club', rows: [] } as const),
  };
}

/** A call on its way: answered by its handler, or waiting for a hold's release. */
interface Pending {
  reply: Promise<unknown>;
  held: boolean;
}

class FakeBackend {
  /** The handler of each call; set one to change how the backend answers it. */
  on: Handlers = healthy();
  /** Every call made, in order, with a copy of its arguments, whatever it was answered. */
  calls: Call[] = [];
  /** The rows the healthy handlers keep: every save stored and not withdrawn, in order. */
  rows: SubmitInput[] = [];
  /** How long every call takes before its handler answers, as over a network. */
  latencyMs = 0;

  #gates = new Map<CallName, Promise<void>>();
  #pending = new Set<Pending>();

  /** A healthy backend again, with no calls and no rows. */
  reset(): void {
    this.on = healthy();
    this.calls = [];
    this.rows = [];
    this.latencyMs = 0;
    this.#gates.clear();
    this.#pending.clear();
  }

  /** The healthy handler again for `name`. */
  restore(name: CallName): void {
    Object.assign(this.on, { [name]: healthy()[name] });
  }

  /**
   * Holds every call of `name` made from now until the returned release()
   * is called; each is then answered by the handler in place at that moment.
   */
  hold(name: CallName): () => void {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    this.#gates.set(name, gate);
    return () => {
      if (this.#gates.get(name) === gate) this.#gates.delete(name);
      release();
    };
  }

  /** What each call of `name` was sent, in order. */
  argsOf<K extends CallName>(name: K): Parameters<ApiModule[K]>[] {
    return this.calls.filter((c) => c.fn === name).map((c) => c.args as Parameters<ApiModule[K]>);
  }

  /**
   * Resolves once nothing is on its way: no module is loading (the API
   * client is loaded on first use) and every call made has been answered
   * or is held, including the calls the answers led to.
   */
  async settled(): Promise<void> {
    for (;;) {
      await vi.dynamicImportSettled();
      const answering = [...this.#pending].filter((p) => !p.held).map((p) => p.reply);
      if (answering.length === 0) return;
      await Promise.allSettled(answering);
    }
  }

  /** Takes one call of the product: recorded, held or delayed as set, then given to its handler. */
  receive(name: CallName, args: unknown[]): Promise<unknown> {
    this.calls.push({ fn: name, args: structuredClone(args) } as Call);
    const pending: Pending = { reply: Promise.resolve(), held: false };
    const gate = this.#gates.get(name);
    const reply = (async () => {
      if (gate) {
        pending.held = true;
        await gate;
        pending.held = false;
      }
      if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
      const handler = this.on[name] as (...args: unknown[]) => Promise<unknown>;
      return handler(...args);
    })();
    pending.reply = reply;
    this.#pending.add(pending);
    const done = () => void this.#pending.delete(pending);
    reply.then(done, done);
    return reply;
  }
}

/**
 * The one backend every test steers, shared by the setup file, the tests
 * that import this module and the mock's answers: vi.resetModules() keeps a
 * mocked module, so a store loaded afresh still calls this backend.
 */
export const api = new FakeBackend();

beforeEach(() => api.reset());

/**
 * The hooks of a store test: before each test the stores (`resetStores`)
 * start afresh and the stores' expected console output is muted; after it,
 * mocks and timers are restored.
 */
export function useFakeApi(resetStores: () => void): void {
  beforeEach(() => {
    resetStores();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}

/** The exports of api.ts that reach no network, kept as they are. */
const OFFLINE_EXPORTS: ReadonlySet<string> = new Set(['ApiError', 'isRateLimited']);

/** api.ts with every backend call answered by `api`; a function this fake does not know throws "not faked". */
function fakeApiModule(original: ApiModule): ApiModule {
  real = original;
  const known = new Set<string>(Object.keys(healthy()));
  const entries = Object.entries(original).map(([name, value]) => {
    if (OFFLINE_EXPORTS.has(name) || typeof value !== 'function') return [name, value];
    if (known.has(name)) return [name, (...args: unknown[]) => api.receive(name as CallName, args)];
    return [
      name,
      () => {
        throw new Error(`not faked: ${name}`);
      },
    ];
  });
  return Object.fromEntries(entries) as ApiModule;
}

/** The answer texts of a path of answer indices, one per question. */
export function answerTexts(path: readonly number[]): string[] {
  return path.map((a, q) => QUESTIONS[q]!.answers[a]!.text);
}
