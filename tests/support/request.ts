/**
 * A database function called the way PostgREST calls it for one HTTP
 * request: in its own transaction, with request.headers (lower-case names,
 * the header named by private.client_address_header() holding the client's
 * address, as the platform or the local server writes it), request.method and
 * request.path set locally, as the anon role; then response.status and
 * response.headers read back, as PostgREST sends them.
 */
import type { Database } from '../../server/db/engine.ts';
import { fromDatabaseError, type PostgrestErrorBody } from '../../server/postgrest-errors.ts';

/** Headers a client may send to pass for another address; the server overwrites the one the database reads. */
export const FORGED_ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip', 'true-client-ip', 'cf-connecting-ip'] as const;

export interface ApiAnswer<T> {
  status: number;
  body: T;
  /** response.headers as the function set it: a list of one-header objects. */
  headers: Record<string, string>[];
}

/**
 * `address` null calls with no request.headers at all (the owner's SQL
 * editor, a script); 'no-address' sends headers without the trusted one.
 * `otherHeaders` are what the client itself sent (forged addresses, say);
 * the trusted header is written over them, as the platform does.
 */
export async function callAsClient<T = unknown>(
  db: Database,
  fn: string,
  args: Record<string, unknown>,
  address: string | null,
  otherHeaders: Record<string, string> = {},
): Promise<ApiAnswer<T | PostgrestErrorBody>> {
  const names = Object.keys(args);
  try {
    return await db.transaction(async (tx) => {
      // As PostgREST passes them: a JSON argument as JSON, a string of any other type as its text.
      const jsonArgs = new Set(
        (
          await tx.query<{ arg: string }>(
            `select a.arg from pg_catalog.pg_proc p, unnest(p.proargnames, p.proargtypes::oid[]) as a(arg, type)
             where p.oid = to_regproc('public.' || $1) and a.type in ('json'::regtype, 'jsonb'::regtype)`,
            [fn],
          )
        ).map((r) => r.arg),
      );
      const params = names.map((k) => {
        const v = args[k];
        if (v === null || v === undefined) return null;
        return typeof v === 'string' && !jsonArgs.has(k) ? v : JSON.stringify(v);
      });
      const call = `public.${fn}(${names.map((k, i) => `${k} => $${i + 1}`).join(', ')})`;
      if (address !== null) {
        const [{ header } = { header: '' }] = await tx.query<{ header: string }>(
          'select private.client_address_header() as header',
        );
        const headers = address === 'no-address' ? { ...otherHeaders } : { ...otherHeaders, [header]: address };
        await tx.query(
          `select set_config('request.headers', $1, true), set_config('request.method', 'POST', true),
                  set_config('request.path', $2, true)`,
          [JSON.stringify(headers), `/rpc/${fn}`],
        );
      }
      await tx.exec('set local role anon');
      const [row] = await tx.query<{ body: string | null }>(`select to_json(${call})::text as body`, params);
      const [response] = await tx.query<{ status: string | null; headers: string | null }>(
        `select current_setting('response.status', true) as status, current_setting('response.headers', true) as headers`,
      );
      return {
        status: response?.status ? Number(response.status) : 200,
        body: JSON.parse(row?.body ?? 'null') as T,
        headers: response?.headers ? (JSON.parse(response.headers) as Record<string, string>[]) : [],
      };
    });
  } catch (error) {
    const e = fromDatabaseError(error);
    return { status: e.status, body: e.body, headers: [] };
  }
}
