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

/** Response headers as PostgREST writes them: a name may repeat (Set-Cookie, Cache-Control). */
export type HeaderList = [name: string, value: string][];

export class RpcError extends Error {
  readonly status: number;
  readonly body: PostgrestErrorBody;
  readonly headers: HeaderList;
  constructor(status: number, body: PostgrestErrorBody, headers: HeaderList = []) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

function errorBody(
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): PostgrestErrorBody {
  return { code, message, details, hint };
}

/**
 * Answers that PostgREST itself would give before or instead of calling the
 * database. Transport errors it never sees (a request too large for the
 * gateway in front of it) carry a PTnnn code: PostgREST's own convention for
 * "an error whose code is its HTTP status".
 */
export const requestErrors = {
  invalidJson: (details: string | null = null) =>
    new RpcError(400, errorBody('PGRST102', 'Empty or invalid json', details)),
  contentType: (mediaType: string) =>
    new RpcError(400, errorBody('PGRST102', `Content-Type not acceptable: ${mediaType}`)),
  invalidPath: () => new RpcError(404, errorBody('PGRST125', 'Invalid path specified in request URL')),
  rpcMethod: (method: string) => new RpcError(405, errorBody('PGRST101', `Cannot use the ${method} method on RPC`)),
  unsupportedMethod: (method: string) => new RpcError(405, errorBody('PGRST117', `Unsupported HTTP method: ${method}`)),
  transport: (status: number, message: string, details: string | null = null) =>
    new RpcError(status, errorBody(`PT${status}`, message, details)),
};

/** HTTP status PostgREST gives an SQLSTATE, for the anonymous role. */
function statusForSqlState(code: string): number {
  // RAISE sqlstate 'PT402' answers 402: the function picks its own status.
  const custom = /^PT([1-5]\d\d)$/.exec(code);
  if (custom) return Number(custom[1]);
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    '42501': 401,
    '53400': 500,
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const optionalText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Response headers a function sets through `response.headers` or a PGRST
 * raise: a JSON array of single-key objects with string values. Returns
 * undefined for anything else.
 */
export function parseHeaderList(value: unknown): HeaderList | undefined {
  if (!Array.isArray(value)) return undefined;
  const list: HeaderList = [];
  for (const item of value) {
    if (!isRecord(item)) return undefined;
    const entries = Object.entries(item);
    if (entries.length !== 1) return undefined;
    const [name, headerValue] = entries[0]!;
    if (typeof headerValue !== 'string') return undefined;
    list.push([name, headerValue]);
  }
  return list;
}

/**
 * RAISE sqlstate 'PGRST' with a JSON message {code, message, details, hint}
 * and a JSON detail {status, headers}: the function writes the whole answer.
 * PostgREST's headers there are one object, not a list.
 */
function fromPgrstRaise(e: DatabaseErrorLike): RpcError {
  const body = parseJson(e.message);
  const detail = parseJson(e.detail);
  const status = isRecord(detail) ? detail.status : undefined;
  const headers = isRecord(detail) ? (detail.headers ?? {}) : undefined;
  if (
    !isRecord(body) ||
    typeof body.code !== 'string' ||
    typeof body.message !== 'string' ||
    typeof status !== 'number' ||
    !Number.isInteger(status) ||
    status < 100 ||
    status > 599 ||
    !isRecord(headers) ||
    !Object.values(headers).every((v) => typeof v === 'string')
  ) {
    return new RpcError(
      500,
      errorBody(
        'PGRST121',
        'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
        `message: ${String(e.message)}, detail: ${String(e.detail)}`,
      ),
    );
  }
  return new RpcError(
    status,
    errorBody(body.code, body.message, optionalText(body.details), optionalText(body.hint)),
    Object.entries(headers as Record<string, string>),
  );
}

/** Turns an error the database raised into PostgREST's answer; anything else is a 500. */
export function fromDatabaseError(error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as DatabaseErrorLike;
  if (e.code === 'PGRST') return fromPgrstRaise(e);
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    return new RpcError(statusForSqlState(e.code), {
      code: e.code,
      message: typeof e.message === 'string' ? e.message : 'database error',
      details: optionalText(e.detail),
      hint: optionalText(e.hint),
    });
  }
  return new RpcError(500, errorBody('PGRST000', 'internal server error'));
}
