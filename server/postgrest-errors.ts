/**
 * PostgREST's error shape and status codes, so that supabase-js sees the same
 * answers from the local server as from a hosted project.
 */

export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export class RpcError extends Error {
  readonly status: number;
  readonly body: PostgrestErrorBody;
  constructor(status: number, body: PostgrestErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

/** HTTP status PostgREST gives an SQLSTATE, for the anonymous role. */
export function statusForSqlState(code: string): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    '42501': 401,
    P0001: 400,
  };
  if (code in exact) return exact[code]!;
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

interface DatabaseErrorLike {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** Turns an error the database raised into PostgREST's answer; anything else is a 500. */
export function fromDatabaseError(error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as DatabaseErrorLike;
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    return new RpcError(statusForSqlState(e.code), {
      code: e.code,
      message: typeof e.message === 'string' ? e.message : 'database error',
      details: typeof e.detail === 'string' ? e.detail : null,
      hint: typeof e.hint === 'string' ? e.hint : null,
    });
  }
  return new RpcError(500, { code: 'PGRST000', message: 'internal server error', details: null, hint: null });
}
