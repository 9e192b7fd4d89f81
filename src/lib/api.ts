/**
 * The one place the browser talks to the backend: typed wrappers around the
 * database functions, called as PostgREST RPC through supabase-js.
 *
 * With PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY set at build time the
 * site talks to that hosted project; without them, to its own origin, where
 * the local server answers the same routes. supabase-js is loaded on first
 * use so that it does not weigh on the first page load.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ValueScores } from '../core/values.ts';
import type { AnswerChoice } from '../core/scoring.ts';

/** What the database returns for a stored response. */
export interface StoredScores extends ValueScores {
  submission_id: string;
  love_normalized: number;
  duty_normalized: number;
  honor_normalized: number;
  reason_normalized: number;
}

/** Count of responses and the mean of each normalized value (null while there are none). */
export interface ResponseStats {
  count: number;
  love: number | null;
  duty: number | null;
  honor: number | null;
  reason: number | null;
}

export interface SubmitInput {
  submission_id: string;
  name: string | null;
  answers: AnswerChoice[];
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

// Anything non-empty will do for the local server, which always acts as anon.
const LOCAL_ANON_KEY = 'local-anon-key';

function backendUrl(): string {
  return import.meta.env.PUBLIC_SUPABASE_URL || globalThis.location.origin;
}

let client: Promise<SupabaseClient> | undefined;

function getClient(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(backendUrl(), import.meta.env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
  );
  return client;
}

async function rpc<T>(fn: string, args: object = {}): Promise<T> {
  const supabase = await getClient();
  const { data, error, status } = await supabase.rpc(fn, args);
  if (error) throw new ApiError(error.message, error.code ?? '', status);
  return data as T;
}

export function submitResponse(input: SubmitInput): Promise<StoredScores> {
  return rpc<StoredScores>('submit_response', input);
}

export function fetchResponseStats(): Promise<ResponseStats> {
  return rpc<ResponseStats>('response_stats');
}
