/**
 * The local stand-in for a hosted deployment: the built site as a static
 * host serves it and PostgREST's RPC route over our own database, on one
 * origin.
 */
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Database } from './db/engine.ts';
import { RpcError, requestErrors } from './postgrest-errors.ts';
import { HTTP_METHODS, REST_PREFIX, answerRest, sendRpcError, type RestOptions } from './rest.ts';
import { decodableUrl } from './request.ts';
import { answerSite, registerSite, type Site } from './site.ts';

export interface AppOptions {
  db: Database;
  /** The built site (dist/). Without it only the API is served. */
  siteDir?: string;
  logger?: boolean;
  /** See ServerConfig.trustedProxies; 0 when not given. */
  trustedProxies?: number;
}

/** Bodies of our API calls are a few kilobytes; this leaves room and refuses floods. */
export const BODY_LIMIT = 64 * 1024;

function isRest(url: string | undefined): boolean {
  return url === REST_PREFIX || (url ?? '').startsWith(`${REST_PREFIX}/`) || (url ?? '').startsWith(`${REST_PREFIX}?`);
}

/**
 * A request Node's HTTP parser refused (headers or URL too long, broken
 * framing, too slow) never reaches a route; it still gets PostgREST's shape.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request header fields too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timeout']
        : [400, 'Malformed HTTP request'];
  const body = JSON.stringify(requestErrors.transport(status, message).body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export async function buildApp({ db, siteDir, logger = false, trustedProxies = 0 }: AppOptions): Promise<FastifyInstance> {
  const rest: RestOptions = { db, trustedProxies };
  let site: Site | undefined;

  const notFound = (req: FastifyRequest, reply: FastifyReply) => {
    if (isRest(req.raw.url)) return answerRest(req, reply, rest);
    if (site) return answerSite(req, reply, site);
    return sendRpcError(reply.code(404), requestErrors.transport(404, 'Not found'));
  };

  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    clientErrorHandler: answerClientError,
    rewriteUrl: (req) => decodableUrl(req.url ?? '/'),
    // A path the router still refuses (a parameter too long) is an address like any other.
    frameworkErrors: (_error, req, reply) =>
      isRest(req.raw.url) ? answerRest(req, reply, rest) : sendRpcError(reply, requestErrors.transport(404, 'Not found')),
  });

  // Bodies stay raw until the route knows what it expects (PostgREST decides by Content-Type).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.setErrorHandler((error, req, reply) => {
    if (error instanceof RpcError) return sendRpcError(reply, error);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      req.log.error(error);
      return sendRpcError(reply, new RpcError(500, { code: 'PGRST000', message: 'internal server error', details: null, hint: null }));
    }
    return sendRpcError(reply, requestErrors.transport(status, (error as Error).message));
  });

  for (const url of [REST_PREFIX, `${REST_PREFIX}/*`]) {
    app.route({ method: [...HTTP_METHODS], url, handler: (req, reply) => answerRest(req, reply, rest) });
  }

  if (siteDir && existsSync(siteDir)) site = await registerSite(app, siteDir);
  app.setNotFoundHandler(notFound);

  return app;
}
