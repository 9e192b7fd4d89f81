/**
 * Calls a database function the way PostgREST's /rpc/<fn> does: the JSON
 * body's keys are the function's named arguments, the call runs in its own
 * transaction as the anon role with the request passed in transaction-local
 * settings, and the function may set the response's status and headers.
 */
import type { Database, Queryable } from './db/engine.ts';
import { RpcError, fromDatabaseError, parseHeaderList, type HeaderList } from './postgrest-errors.ts';

export type RpcArgs = Record<string, unknown>;

/** What PostgREST hands the database about the HTTP request. */
export interface RpcRequest {
  /** GET (and HEAD) run read-only, as do calls of stable and immutable functions. */
  method?: 'GET' | 'HEAD' | 'POST';
  /** Lower-case names; the client's address is already in the header the database reads it from. */
  headers?: Record<string, string>;
}

export interface RpcResponse {
  status: number;
  /** Headers the function set through `response.headers`, in order. */
  headers: HeaderList;
  /** JSON text of the result. */
  body: string;
}

interface FunctionSignature {
  argnames: string[] | null;
  argtypes: string[];
  nargdefaults: number;
  returns_set: boolean;
  returns_row: boolean;
  volatile: boolean;
}

const API_ROLE = 'anon';
const API_SCHEMA = 'public';
const STATEMENT_TIMEOUT = '10s';
/** PostgreSQL cuts identifiers at 63 bytes; a longer name must not match the function its first 63 bytes name. */
const MAX_IDENTIFIER_BYTES = 63;

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function notFound(name: string, keys: string[]): RpcError {
  const params = [...keys].sort().join(', ');
  return new RpcError(404, {
    code: 'PGRST202',
    message: `Could not find the function ${API_SCHEMA}.${name}(${params}) in the schema cache`,
    details: `Searched for the function ${API_SCHEMA}.${name} with parameters ${params || 'none'}, but no matches were found in the schema cache.`,
    hint: null,
  });
}

function isIdentifier(name: string): boolean {
  return name.length > 0 && !name.includes('\0') && Buffer.byteLength(name) <= MAX_IDENTIFIER_BYTES;
}

async function findFunction(tx: Queryable, name: string, keys: string[]): Promise<FunctionSignature> {
  if (!isIdentifier(name) || !keys.every(isIdentifier)) throw notFound(name, keys);
  const candidates = await tx.query<FunctionSignature>(
    `select p.proargnames as argnames,
            array(select format_type(t, null) from unnest(p.proargtypes) as t) as argtypes,
            p.pronargdefaults as nargdefaults,
            p.proretset as returns_set,
            (rt.typtype = 'c' or rt.oid = 'pg_catalog.record'::regtype) as returns_row,
            p.provolatile = 'v' as volatile
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       join pg_catalog.pg_type rt on rt.oid = p.prorettype
      where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`,
    [API_SCHEMA, name],
  );
  const match = candidates.find((c) => {
    const names = (c.argnames ?? []).slice(0, c.argtypes.length);
    if (names.length !== c.argtypes.length) return false;
    const required = names.slice(0, names.length - c.nargdefaults);
    return keys.every((k) => names.includes(k)) && required.every((r) => keys.includes(r));
  });
  if (!match) throw notFound(name, keys);
  return match;
}

/** A JSON value as the text PostgreSQL parses for an argument of the given type. */
function argumentText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** `response.status` as PostgREST reads it: unset or empty keeps the default. */
function responseStatus(setting: string | null): number | undefined {
  if (!setting) return undefined;
  const status = /^\d+$/.test(setting.trim()) ? Number(setting.trim()) : Number.NaN;
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    throw new RpcError(500, {
      code: 'PGRST112',
      message: 'Invalid response.status',
      details: `The status code must be an integer from 100 to 599, not "${setting}"`,
      hint: null,
    });
  }
  return status;
}

function responseHeaders(setting: string | null): HeaderList {
  if (!setting) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(setting);
  } catch {
    parsed = undefined;
  }
  const list = parseHeaderList(parsed);
  if (!list) {
    throw new RpcError(500, {
      code: 'PGRST111',
      message: 'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      details: null,
      hint: null,
    });
  }
  return list;
}

/**
 * Runs the function and returns what PostgREST would answer. A raised
 * error comes back as a thrown RpcError, its transaction rolled back.
 * Without `request` the call stands for one made inside the database (a
 * script, a test): no request settings, so no per-client limit applies, as
 * with a direct SQL call. Every HTTP request passes its own.
 */
export async function callRpc(db: Database, name: string, args: RpcArgs, request?: RpcRequest): Promise<RpcResponse> {
  const method = request?.method ?? 'POST';
  try {
    return await db.transaction(async (tx) => {
      const keys = Object.keys(args);
      const fn = await findFunction(tx, name, keys);
      // PostgREST's access mode: only a POST to a volatile function may write.
      // Going read-only is allowed at any point of a transaction.
      if (method !== 'POST' || !fn.volatile) await tx.exec('set transaction read only');
      if (request) {
        await tx.query(
          `select set_config('request.method', $1, true),
                  -- what PostgREST sees behind the gateway, which strips /rest/v1
                  set_config('request.path', $2, true),
                  set_config('request.headers', $3, true)`,
          [method, `/rpc/${name}`, JSON.stringify(request.headers ?? {})],
        );
      }
      const names = fn.argnames ?? [];
      const params: (string | null)[] = [];
      const named = keys.map((key) => {
        const type = fn.argtypes[names.indexOf(key)]!;
        params.push(argumentText(args[key], type));
        return `${quoteIdent(key)} => $${params.length}::${type}`;
      });
      const call = `${quoteIdent(API_SCHEMA)}.${quoteIdent(name)}(${named.join(', ')})`;
      const sql =
        fn.returns_set || fn.returns_row
          ? `select coalesce(json_agg(_r), '[]'::json)::text as body from ${call} as _r`
          : `select to_json(${call})::text as body`;
      await tx.exec(`set local role ${API_ROLE}; set local statement_timeout = '${STATEMENT_TIMEOUT}'`);
      const [row] = await tx.query<{ body: string | null }>(sql, params);
      const [settings] = await tx.query<{ status: string | null; headers: string | null }>(
        `select current_setting('response.status', true) as status, current_setting('response.headers', true) as headers`,
      );
      const raw = row?.body ?? 'null';
      // PostgREST answers a single composite row as an object, not a list.
      const body = fn.returns_row && !fn.returns_set ? JSON.stringify((JSON.parse(raw) as unknown[])[0] ?? null) : raw;
      return {
        status: responseStatus(settings?.status ?? null) ?? 200,
        headers: responseHeaders(settings?.headers ?? null),
        body,
      };
    });
  } catch (error) {
    throw fromDatabaseError(error);
  }
}

/** What a 429 that names no wait of its own is told: no limit counts that call, so a minute is as good a guess as any. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * Seconds until the client of `request` may call `name` again, for a 429
 * whose function raised it without a Retry-After (the database knows when
 * that client's window has room again: private.retry_after).
 */
export async function retryAfterSeconds(db: Database, name: string, request: RpcRequest): Promise<number> {
  const seconds = await db.transaction(async (tx) => {
    await tx.exec('set transaction read only');
    await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(request.headers ?? {})]);
    const [row] = await tx.query<{ seconds: number | null }>('select private.retry_after($1) as seconds', [name]);
    return row?.seconds ?? null;
  });
  return seconds ?? DEFAULT_RETRY_AFTER_SECONDS;
}
