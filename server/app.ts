/**
 * The local stand-in for a hosted deployment: the built site as a static
 * host serves it and PostgREST's RPC route over our own database, on one
 * origin.
 */
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from './db/engine.ts';
import { requestErrors } from './postgrest-errors.ts';
import { decodableUrl, originForm, parseQuery } from './request.ts';
import { REST_PREFIX, answerError, restApi } from './rest.ts';
import { site } from './site.ts';

export interface AppOptions {
  db: Database;
  /** The built site (dist/). Without it only the API is served. */
  siteDir?: string;
  logger?: boolean;
  /** The proxies in front of the server, as fastify's trustProxy takes them (see ServerConfig). */
  trustProxy?: string;
}

/** Bodies of our API calls are a few kilobytes; this leaves room and refuses floods. */
export const BODY_LIMIT = 64 * 1024;
/** Node refuses a request line and headers over 16 KB; under that, a path is an address like any other. */
const MAX_PARAM_LENGTH = 16 * 1024;

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
        `X-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export async function buildApp({ db, siteDir, logger = false, trustProxy }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: trustProxy ?? false,
    bodyLimit: BODY_LIMIT,
    clientErrorHandler: answerClientError,
    rewriteUrl: (req) => decodableUrl(originForm(req.url ?? '/')),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, querystringParser: parseQuery },
  });
  app.setErrorHandler(answerError);
  // Every answer is what its Content-Type says: API answers are JSON, and pages get the same from _headers.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  await app.register(restApi, { prefix: REST_PREFIX, db });
  if (siteDir && existsSync(siteDir)) {
    await app.register(site, { root: siteDir });
  } else {
    app.setNotFoundHandler(async () => {
      throw requestErrors.transport(404, 'Not found');
    });
  }
  return app;
}
