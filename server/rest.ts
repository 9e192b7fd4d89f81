/**
 * Everything under /rest, answered as Supabase's API gateway and PostgREST
 * answer it: /rest/v1/rpc/<fn> calls a function, a table's address is
 * refused as it is for the anon role, and anything malformed gets
 * PostgREST's {code, message, details, hint} with PostgREST's status.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from './db/engine.ts';
import { RpcError, fromDatabaseError, requestErrors, type HeaderList } from './postgrest-errors.ts';
import { clientAddress, cookiesOf, headersForDatabase, nestingDepth, splitUrl } from './request.ts';
import { callRpc, type RpcArgs } from './rpc.ts';

export const REST_PREFIX = '/rest';
/** Our functions take flat arguments and one list of objects; nothing real nests deeper. */
export const MAX_JSON_DEPTH = 32;
const JSON_TYPE = 'application/json; charset=utf-8';
/** The verbs PostgREST knows; any other is refused before the path is read. */
export const HTTP_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const RPC_METHODS = 'OPTIONS,GET,HEAD,POST';
const TABLE_METHODS = 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE';

export interface RestOptions {
  db: Database;
  /** See ServerConfig.trustedProxies. */
  trustedProxies: number;
}

export function sendRpcError(reply: FastifyReply, error: RpcError): FastifyReply {
  applyHeaders(reply, error.headers);
  return reply.status(error.status).type(JSON_TYPE).send(JSON.stringify(error.body));
}

/** Headers set by a function; a name given twice is sent twice, as PostgREST does. */
function applyHeaders(reply: FastifyReply, headers: HeaderList): void {
  const byName = new Map<string, string[]>();
  for (const [name, value] of headers) {
    const key = name.toLowerCase();
    // These describe the body's framing, which the server computes itself.
    if (key === 'content-length' || key === 'transfer-encoding' || key === 'connection') continue;
    byName.set(key, [...(byName.get(key) ?? []), value]);
  }
  for (const [name, values] of byName) reply.header(name, values.length === 1 ? values[0] : values);
}

function isArgs(value: unknown): value is RpcArgs {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonArgs(text: string): RpcArgs {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw requestErrors.invalidJson();
  }
  if (!isArgs(parsed)) throw requestErrors.invalidJson();
  if (nestingDepth(parsed, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw requestErrors.invalidJson(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return parsed;
}

/** Repeated keys become a list, as PostgREST reads them. */
function formArgs(params: URLSearchParams): RpcArgs {
  const args: RpcArgs = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    args[key] = values.length === 1 ? values[0] : values;
  }
  return args;
}

/** The arguments of a POST, by its Content-Type; PostgREST assumes JSON when none is given. */
function bodyArgs(req: FastifyRequest): RpcArgs {
  const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
  const mediaType = (req.headers['content-type'] ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'application/json' || mediaType === '') return jsonArgs(body);
  if (mediaType === 'application/x-www-form-urlencoded') return formArgs(new URLSearchParams(body));
  throw requestErrors.contentType(mediaType);
}

async function answerRpc(req: FastifyRequest, reply: FastifyReply, opts: RestOptions, name: string, query: URLSearchParams) {
  const method = req.method;
  if (method === 'OPTIONS') return reply.status(200).header('allow', RPC_METHODS).send();
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw requestErrors.rpcMethod(method);
  const args = method === 'POST' ? bodyArgs(req) : formArgs(query);
  const client = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for']?.toString(), opts.trustedProxies);
  const res = await callRpc(opts.db, name, args, {
    method,
    headers: headersForDatabase(req.headers, client),
    cookies: cookiesOf(req.headers.cookie),
  });
  reply.status(res.status).type(JSON_TYPE);
  applyHeaders(reply, res.headers);
  return reply.send(res.body);
}

/** The local server serves functions only; a table is answered as PostgREST answers the anon role. */
async function answerTable(req: FastifyRequest, reply: FastifyReply, opts: RestOptions, name: string) {
  if (req.method === 'OPTIONS') return reply.status(200).header('allow', TABLE_METHODS).send();
  const privilege = { GET: 'SELECT', HEAD: 'SELECT', POST: 'INSERT', PUT: 'INSERT', PATCH: 'UPDATE', DELETE: 'DELETE' }[
    req.method
  ];
  if (!privilege) throw requestErrors.unsupportedMethod(req.method);
  const [table] = await opts.db
    .query<{ granted: boolean }>(
      `select has_table_privilege('anon', c.oid, $2) as granted
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`,
      [name, privilege],
    )
    .catch((error: unknown) => Promise.reject(fromDatabaseError(error)));
  if (!table) throw requestErrors.tableNotFound('public', name);
  if (!table.granted) {
    throw new RpcError(401, { code: '42501', message: `permission denied for table ${name}`, details: null, hint: null });
  }
  throw requestErrors.transport(501, 'The local server answers /rest/v1/rpc/<function> only');
}

/** Answers any request whose path starts with /rest, from its raw URL. */
export async function answerRest(req: FastifyRequest, reply: FastifyReply, opts: RestOptions): Promise<FastifyReply> {
  try {
    if (!HTTP_METHODS.has(req.method)) throw requestErrors.unsupportedMethod(req.method);
    const { segments, query } = splitUrl(req.raw.url ?? '/');
    const [prefix, version, resource, fn, ...rest] = segments;
    if (`/${prefix}` !== REST_PREFIX || version !== 'v1' || !resource) throw requestErrors.invalidPath();
    if (resource === 'rpc') {
      if (!fn || rest.length > 0) throw requestErrors.invalidPath();
      return await answerRpc(req, reply, opts, fn, query);
    }
    if (fn !== undefined) throw requestErrors.invalidPath();
    return await answerTable(req, reply, opts, resource);
  } catch (error) {
    const answer = fromDatabaseError(error);
    if (answer.status >= 500) req.log.error(error);
    return sendRpcError(reply, answer);
  }
}
