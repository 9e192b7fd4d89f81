/**
 * The one place the browser talks to the backend: typed wrappers around the
 * database functions, called as PostgREST RPC through supabase-js.
 *
 * With PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_PUBLISHABLE_KEY set at build
 * time the site talks to that hosted project; without them, to its own
 * origin, where the local server answers the same routes (lib/backend.ts).
 * supabase-js is loaded on first use so that it does not weigh on the first
 * page load.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { GroupMember } from '../core/groups.ts';
import { cleanName } from '../core/names.ts';
import type { ValueTuple } from '../core/points.ts';
import type { RespondentRow } from '../core/respondents-csv.ts';
import type { AnswerChoice, QuadrantKey } from '../core/scoring.ts';
import type { Value, ValueScores } from '../core/values.ts';
import type { Database } from './database.types.ts';
import { lazyOnce } from './lazy.ts';

/** Count of responses and the mean of each value on the results screen's scale (null while there are none). */
/** The comparison average as published (core/publication.ts), with the batch it is. */
export interface ResponseStats {
  count: number;
  love: number | null;
  duty: number | null;
  honor: number | null;
  reason: number | null;
  batch: number;
}

export interface SubmitInput {
  submission_id: string;
  name: string | null;
  answers: AnswerChoice[];
  /** The browser's secret that can take the result back; the database keeps only hashes of it. */
  withdrawal_secret?: string;
}

/** An error the backend answered with, or status 0 when it could not be reached. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(message: string, code: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

/**
 * The backend's "too many requests from this address": PostgREST answers 429
 * with code PT429. A request refused so is worth sending again later.
 */
export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 429 || error.code === 'PT429');
}

/** Resolves in a task of its own, so that the page can paint and answer input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const getClient: () => Promise<SupabaseClient<Database>> = lazyOnce(async () => {
  const [{ createClient }, { backend }] = await Promise.all([import('@supabase/supabase-js'), import('./backend.ts')]);
  // Evaluating supabase-js and building its client (auth, realtime, storage)
  // are each a long task on a phone; apart, neither blocks the page for long.
  await nextTask();
  const { url, key } = backend();
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
});

type ApiFunctions = Database['public']['Functions'];
/**
 * A function's arguments as src/lib/database.types.ts has them, each also
 * nullable: the generator types every argument as required and non-null,
 * yet PostgREST passes a JSON null as SQL null, which the functions accept.
 */
type ApiArgs<F extends keyof ApiFunctions> = {
  [K in keyof ApiFunctions[F]['Args']]: ApiFunctions[F]['Args'][K] | null;
};

async function rpc<F extends keyof ApiFunctions>(fn: F, args: ApiArgs<F>): Promise<unknown> {
  const supabase = await getClient();
  const { data, error, status } = await supabase.rpc(fn, args as ApiFunctions[F]['Args']);
  if (error) throw new ApiError(error.message, error.code ?? '', status);
  return data;
}

/**
 * Stores a finished quiz. The database answers with the id and, for a new
 * save, the batch that publishes it (core/own-save.ts): the scores it
 * derives are the ones the results screen already computed (core/scoring.ts
 * is the source of both). A repeated save says no batch: null.
 */
export async function submitResponse(input: SubmitInput): Promise<{ batch: number | null }> {
  // A fresh object literal per answer: the generated Json type takes plain
  // objects, which an interface such as AnswerChoice is not declared to be.
  const answers = input.answers.map(({ question_id, answer_text }) => ({ question_id, answer_text }));
  // Sent as the database will store it (core/names.ts). Cleaned here, where
  // the API loads after the first tap, rather than where the name is typed,
  // which '/' loads before any.
  const stored = (await rpc('submit_response', { ...input, name: input.name && cleanName(input.name), answers })) as {
    batch?: unknown;
  } | null;
  return { batch: typeof stored?.batch === 'number' ? stored.batch : null };
}

/** The same answer, withdrawn false, for a wrong secret, an unknown id and one already withdrawn. */
export function withdrawResponse(submissionId: string, secret: string): Promise<{ withdrawn: boolean }> {
  return rpc('withdraw_response', { submission_id: submissionId, secret }) as Promise<{ withdrawn: boolean }>;
}

export function fetchResponseStats(): Promise<ResponseStats> {
  return rpc('response_stats', {}) as Promise<ResponseStats>;
}

// ---------------------------------------------------------------------------
// Aggregates for /insights, /hehe and the results screen.

/**
 * Respondents per quadrant of one pair of values, keyed as the database and
 * the core name them: high_high is the first value >= 0.5 and the second too.
 */
export type QuadrantCounts = Record<QuadrantKey, number> & {
  /** e.g. ['love', 'honor']: first value on one axis, second on the other. */
  pair: [Value, Value];
};

interface AnswerShare {
  answer_text: string;
  count: number;
  /** count / all answers counted for this question, 0..1. */
  share: number;
}

export interface QuestionShares {
  question_id: number;
  total: number;
  answers: AnswerShare[];
}

export interface ScatterPoints {
  /** 'all': every respondent; 'sample': a uniform random sample of them. */
  kind: 'all' | 'sample';
  /** Respondents in all. */
  total: number;
  /** Raw totals of the points sent; read them with core/points.ts sharesFromRaw (the results screen's scale). */
  raw: ValueTuple[];
}

export interface Insights {
  count: number;
  /** Mean, minimum and maximum of each value on the results screen's scale (Reason over 15); null while there are no rows. */
  mean: ValueScores | null;
  min: ValueScores | null;
  max: ValueScores | null;
  quadrants: QuadrantCounts[];
  points: ScatterPoints;
  answer_shares: QuestionShares[];
  /** The published batch these figures are; null on the hidden page, which reads every saved row. */
  batch: number | null;
}

export interface HiddenPageInsights extends Insights {
  /** names[i] belongs to points.raw[i]; null for an anonymous respondent. */
  points: ScatterPoints & { names: (string | null)[] };
}

export interface RespondentMatches {
  /** Matching respondents in all, even past the cap. */
  total: number;
  matches: { name: string; raw: ValueTuple }[];
}

export function fetchInsights(): Promise<Insights> {
  return rpc('insights', {}) as Promise<Insights>;
}

/**
 * How the hidden page is opened: with its password, or with the key a right
 * password got from unlockHiddenPage (checked before any limit on wrong
 * passwords, so a flood of them does not lock this browser out).
 */
export type HiddenPageAccess = { password: string } | { key: string };

export interface HiddenPageKey {
  key: string;
  /** ISO time after which the key opens nothing. */
  expires_at: string;
}

function accessArgs(access: HiddenPageAccess): { password: string | null; key: string | null } {
  return 'key' in access ? { password: null, key: access.key } : { password: access.password, key: null };
}

/** A key for the holder of the password; rejects with an ApiError when the password is wrong. */
export function unlockHiddenPage(password: string): Promise<HiddenPageKey> {
  return rpc('unlock_hidden_page', { password }) as Promise<HiddenPageKey>;
}

/** Rejects with an ApiError when the password or key is wrong. */
export function fetchHiddenPageInsights(access: HiddenPageAccess): Promise<HiddenPageInsights> {
  return rpc('hidden_page_insights', accessArgs(access)) as Promise<HiddenPageInsights>;
}

export function findRespondents(access: HiddenPageAccess, query: string): Promise<RespondentMatches> {
  return rpc('find_respondents', { ...accessArgs(access), query }) as Promise<RespondentMatches>;
}

/** One page of the hidden page's CSV download, in the order respondents were saved. */
export interface RespondentsPage {
  /** Respondents in all, now. */
  total: number;
  rows: RespondentRow[];
  /** What to ask after for the next page; null on the last one. */
  next: number | null;
}

/** Rejects with an ApiError when the password or key is wrong, as fetchHiddenPageInsights does. */
export function fetchRespondentsPage(
  access: HiddenPageAccess,
  afterId: number | null,
  pageSize: number,
): Promise<RespondentsPage> {
  return rpc('export_respondents', {
    ...accessArgs(access),
    after_id: afterId,
    page_size: pageSize,
  }) as Promise<RespondentsPage>;
}

/** How everyone answered each question, as published: the results screen's "others who chose this". */
export interface PublishedShares {
  batch: number;
  questions: QuestionShares[];
}

export function fetchAnswerShares(): Promise<PublishedShares> {
  return rpc('answer_shares', {}) as Promise<PublishedShares>;
}

/** A new group: the join code for its join link and the owner key, each shown once. */
export interface CreatedGroup {
  join_code: string;
  owner_key: string;
}

export function createGroup(name: string): Promise<CreatedGroup> {
  return rpc('create_group', { name: cleanName(name) }) as Promise<CreatedGroup>;
}

/** What a join link shows before joining; found false for any code that names no group. */
export type GroupInfo = { found: false } | { found: true; name: string; open: boolean };

export function fetchGroupInfo(joinCode: string): Promise<GroupInfo> {
  return rpc('group_info', { join_code: joinCode }) as Promise<GroupInfo>;
}

export type JoinAnswer =
  { joined: true; name: string } | { joined: false; reason: 'unknown' | 'no_result' | 'closed' | 'full' };

export function joinGroup(
  joinCode: string,
  submissionId: string,
  secret: string,
  memberKey: string,
): Promise<JoinAnswer> {
  return rpc('join_group', {
    join_code: joinCode,
    submission_id: submissionId,
    secret,
    member_key: memberKey,
  }) as Promise<JoinAnswer>;
}

/** The group's map for its owner or a member; found false for any other key. */
export type GroupMap =
  | { found: false }
  | {
      found: true;
      role: 'owner' | 'member';
      name: string;
      open: boolean;
      read_at: string;
      you: number | null;
      members: GroupMember[];
    };

export function fetchGroupMap(key: string): Promise<GroupMap> {
  return rpc('group_map', { key }) as Promise<GroupMap>;
}

export function leaveGroup(memberKey: string): Promise<{ left: boolean }> {
  return rpc('leave_group', { key: memberKey }) as Promise<{ left: boolean }>;
}

/** The owner's changes: done false when the key is no group's owner key. */
export interface OwnerAnswer {
  done: boolean;
}

export function renameGroup(ownerKey: string, name: string): Promise<OwnerAnswer> {
  return rpc('rename_group', { owner_key: ownerKey, name: cleanName(name) }) as Promise<OwnerAnswer>;
}

export function setGroupOpen(ownerKey: string, open: boolean): Promise<OwnerAnswer> {
  return rpc('set_group_open', { owner_key: ownerKey, open }) as Promise<OwnerAnswer>;
}

export function removeGroupMember(ownerKey: string, memberId: number): Promise<OwnerAnswer> {
  return rpc('remove_group_member', { owner_key: ownerKey, member_id: memberId }) as Promise<OwnerAnswer>;
}

export function deleteGroup(ownerKey: string): Promise<OwnerAnswer> {
  return rpc('delete_group', { owner_key: ownerKey }) as Promise<OwnerAnswer>;
}

export type GroupCsvRows =
  { done: false } | { done: true; name: string; rows: [string | null, string, number, number, number, number][] };

export function fetchGroupCsvRows(ownerKey: string): Promise<GroupCsvRows> {
  return rpc('group_csv_rows', { owner_key: ownerKey }) as Promise<GroupCsvRows>;
}
