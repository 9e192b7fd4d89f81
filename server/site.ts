/**
 * The built site as a static host serves it: pages without their .html,
 * a trailing slash redirected away, Brotli or gzip copies made at build
 * time, the headers of dist/_headers, and the 404 page for anything else.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CACHE, headersFor, parseHeadersFile } from '../src/integrations/static-headers.ts';

const NOT_FOUND_PAGE = '404.html';
const HEADERS_FILE = '_headers';
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Files that may be asked for, relative to the site's folder with "/"
 * between folders; a build does not change once it is swapped in.
 */
function servableFiles(root: string): ReadonlySet<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    // The compressed copies are sent in place of their originals, never under their own names.
    if (file === HEADERS_FILE || file.split('/').some((part) => part.startsWith('.')) || COMPRESSED_COPY.test(file))
      continue;
    // The 404 page is an answer, not an address: /404 is as unknown as any other.
    if (file === NOT_FOUND_PAGE) continue;
    files.add(file);
  }
  return files;
}

type Resolution = { file: string } | { redirect: string } | undefined;

/** The file a decoded path names, or where it should go instead. */
function resolvePath(files: ReadonlySet<string>, path: string): Resolution {
  if (!path.startsWith('/') || path.includes('\0') || path.includes('\\') || path.includes('//')) return undefined;
  if (path.split('/').some((part) => part === '..' || part === '.')) return undefined;
  if (path === '/') return files.has('index.html') ? { file: 'index.html' } : undefined;
  // Pages live at addresses without a trailing slash; /values/ goes to /values.
  if (path.endsWith('/')) {
    const target = path.slice(0, -1);
    return resolvePath(files, target) ? { redirect: target } : undefined;
  }
  const file = path.slice(1);
  if (files.has(file)) return { file };
  if (files.has(`${file}.html`)) return { file: `${file}.html` };
  return undefined;
}

/** The path _headers' rules are matched against; `*` (OPTIONS *, GET *) names no page and gets the site's own. */
const pathOf = (url: string) => {
  const path = decodeURI(url.split('?')[0]!);
  return path.startsWith('/') ? path : '/';
};

interface Build {
  /** The build's folder, links resolved. */
  dir: string;
  files: ReadonlySet<string>;
  rules: ReturnType<typeof parseHeadersFile>;
  hasNotFoundPage: boolean;
}

function readBuild(dir: string): Build {
  const headersPath = join(dir, HEADERS_FILE);
  return {
    dir,
    files: servableFiles(dir),
    rules: existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : [],
    hasNotFoundPage: existsSync(join(dir, NOT_FOUND_PAGE)),
  };
}

export const site: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  let build = readBuild(realpathSync(root));
  // A new build is swapped in by renaming a link over root (server/site-swap.ts):
  // the next request reads the new build whole, from its own folder.
  const current = (): Build => {
    let dir: string;
    try {
      dir = realpathSync(root);
    } catch {
      return build;
    }
    if (dir !== build.dir) build = readBuild(dir);
    return build;
  };
  await app.register(fastifyStatic, {
    root: build.dir,
    // The routes below decide which file an address names; the plugin sends it.
    serve: false,
    preCompressed: true,
    // Caching comes from _headers, as on a static host.
    cacheControl: false,
    dotfiles: 'deny',
  });

  // Every answer, the 404 page and redirects included, carries the headers _headers gives its path.
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    for (const [name, value] of headersFor(current().rules, pathOf(req.url))) reply.header(name, value);
  });

  app.get<{ Params: { '*': string } }>('/*', (req, reply) => {
    const { files, dir } = current();
    const found = resolvePath(files, `/${req.params['*']}`);
    if (!found) return reply.callNotFound();
    if ('file' in found) return reply.sendFile(found.file, dir);
    const queryAt = req.url.indexOf('?');
    return reply.redirect(encodeURI(found.redirect) + (queryAt < 0 ? '' : req.url.slice(queryAt)), 301);
  });

  app.setNotFoundHandler((_req, reply) => {
    reply.code(404).header('cache-control', NOT_FOUND_CACHE);
    const { hasNotFoundPage, dir } = current();
    if (!hasNotFoundPage) return reply.type('text/plain; charset=utf-8').send('Not found');
    return reply.sendFile(NOT_FOUND_PAGE, dir, { etag: false, lastModified: false });
  });
};
