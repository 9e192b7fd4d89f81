/**
 * Calls a database function the way PostgREST's /rpc/<fn> does: the JSON
 * body's keys are the function's named arguments, the call runs in its own
 * transaction as the anon role, and the result comes back as JSON.
 */
import type { Database, Queryable } from './db/engine.ts';
import { RpcError, fromDatabaseError } from './postgrest-errors.ts';

export type RpcArgs = Record<string, unknown>;

interface FunctionSignature {
  argnames: string[] | null;
  argtypes: string[];
  nargdefaults: number;
  returns_set: boolean;
  returns_row: boolean;
}

const API_ROLE = 'anon';
const API_SCHEMA = 'public';
const STATEMENT_TIMEOUT = '10s';

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function findFunction(tx: Queryable, name: string, keys: string[]): Promise<FunctionSignature> {
  const candidates = await tx.query<FunctionSignature>(
    `select p.proargnames as argnames,
            array(select format_type(t, null) from unnest(p.proargtypes) as t) as argtypes,
            p.pronargdefaults as nargdefaults,
            p.proretset as returns_set,
            (rt.typtype = 'c' or rt.oid = 'pg_catalog.record'::regtype) as returns_row
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
  if (!match) {
    throw new RpcError(404, {
      code: 'PGRST202',
      message: `Could not find the function ${API_SCHEMA}.${name}(${[...keys].sort().join(', ')}) in the schema cache`,
      details: `Searched for the function ${API_SCHEMA}.${name} with parameters ${[...keys].sort().join(', ') || 'none'}, but no matches were found in the schema cache.`,
      hint: null,
    });
  }
  return match;
}

/** A JSON value as the text PostgreSQL parses for an argument of the given type. */
function argumentText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Returns the JSON text of the function's result. */
export async function callRpc(db: Database, name: string, args: RpcArgs): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const keys = Object.keys(args);
      const fn = await findFunction(tx, name, keys);
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
      const body = row?.body ?? 'null';
      // PostgREST answers a single composite row as an object, not a list.
      return fn.returns_row && !fn.returns_set ? JSON.stringify((JSON.parse(body) as unknown[])[0] ?? null) : body;
    });
  } catch (error) {
    throw fromDatabaseError(error);
  }
}
