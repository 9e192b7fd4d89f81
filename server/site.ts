/**
 * The built site as a static host serves it: pages without their .html,
 * a trailing slash redirected away, Brotli or gzip copies made at build
 * time, the headers of dist/_headers, and the 404 page for anything else.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { headersFor, parseHeadersFile, type HeaderRule } from '../src/integrations/static-headers.ts';
import { decodeLenient } from './request.ts';

export const NOT_FOUND_PAGE = '404.html';
const HEADERS_FILE = '_headers';
const COMPRESSED_COPY = /\.(br|gz)$/;

export interface Site {
  /** Files that may be asked for, relative to the site's folder with "/" between folders. */
  files: ReadonlySet<string>;
  rules: readonly HeaderRule[];
}

/** What the built site holds; it does not change while the server runs. */
export function readSite(siteDir: string): Site {
  const files = new Set<string>();
  for (const entry of readdirSync(siteDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = relative(siteDir, join(entry.parentPath, entry.name)).split(sep).join('/');
    // The compressed copies are sent in place of their originals, never under their own names.
    if (file === HEADERS_FILE || file.split('/').some((part) => part.startsWith('.')) || COMPRESSED_COPY.test(file)) continue;
    files.add(file);
  }
  const headersPath = join(siteDir, HEADERS_FILE);
  const rules = existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : [];
  return { files, rules };
}

type Resolution = { file: string } | { redirect: string } | undefined;

/** The file a path names, or where it should go instead. */
export function resolvePath(site: Site, path: string, query: string): Resolution {
  if (!path.startsWith('/') || path.includes('\0') || path.includes('\\') || path.includes('//')) return undefined;
  if (path.split('/').some((part) => part === '..' || part === '.')) return undefined;
  if (path === '/') return site.files.has('index.html') ? { file: 'index.html' } : undefined;
  // Pages live at addresses without a trailing slash; /values/ goes to /values.
  if (path.endsWith('/')) {
    const target = path.slice(0, -1);
    const resolved = resolvePath(site, target, '');
    return resolved && 'file' in resolved ? { redirect: `${encodeURI(target)}${query}` } : undefined;
  }
  const file = path.slice(1);
  // The 404 page is an answer, not an address: /404 is as unknown as any other.
  if (file === NOT_FOUND_PAGE || file === NOT_FOUND_PAGE.replace(/\.html$/, '')) return undefined;
  if (site.files.has(file)) return { file };
  if (site.files.has(`${file}.html`)) return { file: `${file}.html` };
  return undefined;
}

export async function answerSite(req: FastifyRequest, reply: FastifyReply, site: Site): Promise<FastifyReply> {
  const raw = req.raw.url ?? '/';
  const queryAt = raw.indexOf('?');
  const path = decodeLenient(queryAt < 0 ? raw : raw.slice(0, queryAt));
  for (const [name, value] of headersFor(site.rules, path)) reply.header(name, value);
  const found = req.method === 'GET' || req.method === 'HEAD' ? resolvePath(site, path, queryAt < 0 ? '' : raw.slice(queryAt)) : undefined;
  if (found && 'redirect' in found) return reply.redirect(found.redirect, 301);
  if (found) return reply.sendFile(found.file);
  reply.code(404);
  if (!site.files.has(NOT_FOUND_PAGE)) return reply.type('text/plain; charset=utf-8').send('Not found');
  return reply.sendFile(NOT_FOUND_PAGE, { etag: false, lastModified: false });
}

/** Serves the site in siteDir for every GET and HEAD not under /rest; returns it for the not-found answers. */
export async function registerSite(app: FastifyInstance, siteDir: string): Promise<Site> {
  const site = readSite(siteDir);
  await app.register(fastifyStatic, {
    root: siteDir,
    serve: false,
    preCompressed: true,
    // Caching comes from _headers, as on a static host.
    cacheControl: false,
    dotfiles: 'deny',
  });
  app.get('/*', (req, reply) => answerSite(req, reply, site));
  return site;
}
