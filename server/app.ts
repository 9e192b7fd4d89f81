/**
 * The local stand-in for a hosted deployment: the built site as static files
 * and PostgREST's RPC route over our own database, on one origin.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Database } from './db/engine.ts';
import { RpcError, type PostgrestErrorBody } from './postgrest-errors.ts';
import { callRpc, type RpcArgs } from './rpc.ts';

export interface AppOptions {
  db: Database;
  /** The built site (dist/). Without it only the API is served. */
  siteDir?: string;
  logger?: boolean;
}

const INVALID_JSON: PostgrestErrorBody = {
  code: 'PGRST102',
  message: 'Empty or invalid json',
  details: null,
  hint: null,
};

function isArgs(body: unknown): body is RpcArgs {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

export async function buildApp({ db, siteDir, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 64 * 1024 });

  // Parse JSON ourselves so that a malformed body gets PostgREST's answer.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    const source = typeof text === 'string' ? text : text.toString('utf8');
    if (source.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(source));
    } catch {
      done(new RpcError(400, INVALID_JSON), undefined);
    }
  });

  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof RpcError) return reply.status(error.status).send(error.body);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) app.log.error(error);
    const message = status >= 500 ? 'internal server error' : (error as Error).message;
    return reply.status(status).send({ code: 'PGRST000', message, details: null, hint: null });
  });

  const rpc = async (name: string, args: unknown) => {
    if (!isArgs(args)) throw new RpcError(400, INVALID_JSON);
    return callRpc(db, name, args);
  };

  app.post<{ Params: { fn: string } }>('/rest/v1/rpc/:fn', async (req, reply) => {
    const body = await rpc(req.params.fn, req.body ?? {});
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // supabase-js sends GET for read-only calls made with { get: true }.
  app.get<{ Params: { fn: string }; Querystring: Record<string, string> }>('/rest/v1/rpc/:fn', async (req, reply) => {
    const body = await rpc(req.params.fn, { ...req.query });
    return reply.type('application/json; charset=utf-8').send(body);
  });

  if (siteDir && existsSync(siteDir)) {
    await app.register(fastifyStatic, { root: siteDir, extensions: ['html'], index: 'index.html' });
    app.addHook('onSend', async (req, reply) => {
      // Astro fingerprints everything under /_astro/, so it never changes.
      if (req.url.startsWith('/_astro/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
    const notFound = join(siteDir, '404.html');
    app.setNotFoundHandler((req, reply) => {
      // /values is both values.html and the folder of values/love.html; the page wins, as on static hosts.
      const page = `${req.url.split(/[?#]/)[0]}.html`;
      if (req.method === 'GET' && !page.includes('..') && existsSync(join(siteDir, page))) {
        return reply.type('text/html; charset=utf-8').sendFile(page);
      }
      if (req.url.startsWith('/rest/') || !existsSync(notFound)) {
        return reply.status(404).send({ code: 'PGRST000', message: 'not found', details: null, hint: null });
      }
      return reply.status(404).type('text/html; charset=utf-8').sendFile('404.html');
    });
  }

  return app;
}
