/**
 * Supabase's API gateway and PostgREST, as far as the site and supabase-js
 * use them: POST (or a read-only GET) /rest/v1/rpc/<fn> calls a function,
 * and anything malformed or unknown under /rest gets PostgREST's
 * {code, message, details, hint} with PostgREST's status.
 */
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from './db/engine.ts';
import { RpcError, fromDatabaseError, requestErrors, type HeaderList } from './postgrest-errors.ts';
import { canonicalAddress, headersForDatabase, nestingDepth } from './request.ts';
import { callRpc, retryAfterSeconds, type RpcArgs, type RpcRequest } from './rpc.ts';

export const REST_PREFIX = '/rest';
/** Our functions take flat arguments and one list of objects; nothing real nests deeper. */
export const MAX_JSON_DEPTH = 32;
const JSON_TYPE = 'application/json; charset=utf-8';
const RPC_ROUTE = '/v1/rpc/:fn';
/** The verbs PostgREST knows; any other is refused before the path is read. */
const POSTGREST_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface RestOptions {
  db: Database;
}

/**
 * The header the database reads the client's address from. The hosted
 * platform writes it and a client cannot forge it there; locally the server
 * writes it on every call, over anything the client sent. Read once, at start.
 */
export async function readAddressHeader(db: Database): Promise<string> {
  const [row] = await db.query<{ header: string | null }>('select private.client_address_header() as header');
  if (!row?.header)
    throw new Error('private.settings names no client_address_header: the limits could not tell clients apart');
  return row.header;
}

interface RpcRoute {
  Params: { fn: string };
  Querystring: RpcArgs;
  Body: RpcArgs | undefined;
}

const schema = {
  params: { type: 'object', properties: { fn: { type: 'string', minLength: 1 } }, required: ['fn'] },
  // The arguments by name: a JSON object, whatever its keys (the function's signature decides).
  body: { type: 'object' },
} as const;

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

function sendRpcError(reply: FastifyReply, error: RpcError): FastifyReply {
  applyHeaders(reply, error.headers);
  return reply.status(error.status).type(JSON_TYPE).send(JSON.stringify(error.body));
}

function asPostgrestError(error: FastifyError | RpcError): RpcError {
  if (error instanceof RpcError) return error;
  if (error.validation)
    return error.validationContext === 'params' ? requestErrors.invalidPath() : requestErrors.invalidJson();
  const status = error.statusCode ?? 500;
  // A body fastify's JSON parser refused: broken, empty, or with a __proto__ key.
  if (status === 400 && error.code?.startsWith('FST_ERR_CTP_')) return requestErrors.invalidJson();
  return status < 500 ? requestErrors.transport(status, error.message) : fromDatabaseError(error);
}

/** Every error the server answers, in PostgREST's shape; what only a gateway would refuse gets a PTnnn code. */
export function answerError(error: FastifyError | RpcError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = asPostgrestError(error);
  if (answer.status >= 500) req.log.error(error);
  return sendRpcError(reply, answer);
}

/**
 * PostgREST reads arguments from JSON only. It takes a request without a
 * Content-Type for JSON; this server refuses it: any page can make a
 * visitor's browser send one (a no-cors fetch of a Blob, a beacon), with
 * no preflight, whereas application/json needs the preflight this origin
 * never grants another. supabase-js always sends application/json.
 */
async function refuseOtherMediaTypes(req: FastifyRequest): Promise<void> {
  const type = req.headers['content-type'];
  if (type === undefined) throw requestErrors.contentType('none');
  const mediaType = type.split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') throw requestErrors.contentType(mediaType);
}

/** No body calls the function without arguments; a body nested past the limit never reaches the database. */
async function boundArguments(req: FastifyRequest<RpcRoute>): Promise<void> {
  if (req.body === undefined) req.body = {};
  if (nestingDepth(req.body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw requestErrors.invalidJson(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

export const restApi: FastifyPluginAsync<RestOptions> = async (api, { db }) => {
  const addressHeader = await readAddressHeader(db);

  const call = async (req: FastifyRequest<RpcRoute>, reply: FastifyReply, args: RpcArgs) => {
    const request: RpcRequest = {
      method: req.method as 'GET' | 'HEAD' | 'POST',
      headers: headersForDatabase(req.headers, addressHeader, canonicalAddress(req.ip)),
    };
    // Every 429 says how long to wait, even when its function named no wait (a raised PT429 cannot).
    const withRetryAfter = async (status: number, headers: HeaderList): Promise<HeaderList> =>
      status === 429 && !headers.some(([name]) => name.toLowerCase() === 'retry-after')
        ? [...headers, ['Retry-After', String(await retryAfterSeconds(db, req.params.fn, request))]]
        : headers;
    const res = await callRpc(db, req.params.fn, args, request).catch(async (error: unknown) => {
      if (error instanceof RpcError)
        throw new RpcError(error.status, error.body, await withRetryAfter(error.status, error.headers));
      throw error;
    });
    reply.status(res.status).type(JSON_TYPE);
    applyHeaders(reply, await withRetryAfter(res.status, res.headers));
    return reply.send(res.body);
  };

  // GET answers HEAD too (fastify's exposeHeadRoutes); both run read-only.
  api.get<RpcRoute>(RPC_ROUTE, { schema: { params: schema.params } }, (req, reply) => call(req, reply, req.query));
  api.post<RpcRoute>(
    RPC_ROUTE,
    { schema, onRequest: refuseOtherMediaTypes, preValidation: boundArguments },
    (req, reply) => call(req, reply, req.body ?? {}),
  );
  api.route({
    method: ['PUT', 'PATCH', 'DELETE'],
    url: RPC_ROUTE,
    handler: async (req) => {
      throw requestErrors.rpcMethod(req.method);
    },
  });
  api.options(RPC_ROUTE, (_req, reply) => reply.header('allow', 'OPTIONS,GET,HEAD,POST').send());

  // Every other address under /rest is PostgREST's to refuse, not the site's.
  const unknownAddress = async (req: FastifyRequest) => {
    throw POSTGREST_METHODS.has(req.method) ? requestErrors.invalidPath() : requestErrors.unsupportedMethod(req.method);
  };
  api.all('/', unknownAddress);
  api.all('/*', unknownAddress);
  // What fastify routes no verb for (PROPFIND, say) ends up here.
  api.setNotFoundHandler(unknownAddress);
};
