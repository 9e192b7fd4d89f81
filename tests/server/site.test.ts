import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/engine.ts';
import { precompressDir } from '../../src/integrations/precompress.ts';
import { writeHeadersFile } from '../../src/integrations/security-headers.ts';
import { IMMUTABLE, NOT_FOUND_CACHE, REVALIDATE } from '../../src/integrations/static-headers.ts';
import { freshDatabase } from '../support/db-engines.ts';
import { listenLocally } from '../support/listen.ts';

const POLICY = "default-src 'self'; script-src 'self' 'sha256-AAAA'; style-src 'self'";
const html = (title: string) =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${POLICY}"><title>${title}</title></head>` +
  `<body><h1>${title}</h1>${'<p>Love, Duty, Honor and Reason.</p>'.repeat(40)}</body></html>`;

const FILES: Record<string, string> = {
  'index.html': html('home page'),
  'values.html': html('all four values'),
  'values/love.html': html('on love'),
  '404.html': html('page not found'),
  '_astro/app.1a2b3c.js': `export const words = ${JSON.stringify('contradiction '.repeat(300))};`,
  // The site's own build inlines its CSS; a stylesheet file must still go out compressed.
  '_astro/look.4d5e6f.css': '.card { margin: 0 auto; padding: 1rem; }\n'.repeat(200),
  'robots.txt': 'User-agent: *\nAllow: /\n',
};

describe('the local server serves the built site as a static host does', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  let app: FastifyInstance;
  let siteDir: string;
  let port: number;

  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase('pglite'));
    siteDir = mkdtempSync(join(tmpdir(), 'mc-site-'));
    mkdirSync(join(siteDir, 'values'));
    mkdirSync(join(siteDir, '_astro'));
    for (const [file, text] of Object.entries(FILES)) writeFileSync(join(siteDir, file), text);
    // What the build does after Astro: the headers file, then compressed copies.
    await writeHeadersFile(siteDir);
    await precompressDir(siteDir);
    app = await buildApp({ db, siteDir });
    port = await listenLocally(app);
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    rmSync(siteDir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string, method = 'GET') =>
    app.inject({ method: method as 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the Brotli copy to a browser that takes it, gzip to one that takes only gzip, the file itself otherwise', async () => {
    for (const [url, file] of [
      ['/', 'index.html'],
      ['/values/love', 'values/love.html'],
      ['/_astro/app.1a2b3c.js', '_astro/app.1a2b3c.js'],
      ['/_astro/look.4d5e6f.css', '_astro/look.4d5e6f.css'],
    ] as const) {
      const original = readFileSync(join(siteDir, file));
      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload), url).toEqual(original);
      expect(br.rawPayload.length, url).toBeLessThan(original.length / 3);

      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload), url).toEqual(original);

      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.rawPayload, url).toEqual(original);
    }
    expect((await get('/', 'br')).headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await get('/_astro/app.1a2b3c.js', 'br')).headers['content-type']).toMatch(
      /^(text|application)\/javascript/,
    );
    expect((await get('/_astro/look.4d5e6f.css', 'br')).headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('caches fingerprinted assets for a year and makes pages revalidate', async () => {
    expect((await get('/_astro/app.1a2b3c.js', 'br')).headers['cache-control']).toBe(IMMUTABLE);
    for (const url of ['/', '/values', '/values/love']) {
      const res = await get(url, 'br');
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers.etag, url).toBeTruthy();
      // Revalidation: the same version answers 304 without a body.
      const again = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
    }
  });

  it('sends the security headers of _headers with every page, the 404 page included', async () => {
    for (const url of ['/', '/values/love', '/no/such/page']) {
      const res = await get(url, 'br');
      expect(res.headers['content-security-policy'], url).toBe(`${POLICY}; frame-ancestors 'none'`);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['permissions-policy'], url).toContain('microphone=()');
    }
  });

  it('sends the same headers to a request in absolute form, and to GET * and OPTIONS *', async () => {
    const raw = (method: string, path: string) =>
      new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port, method, path }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, headers: res.headers });
        })
          .on('error', reject)
          .end();
      });
    const absolute = await raw('GET', `http://127.0.0.1:${port}/values/love`);
    expect(absolute.status).toBe(200);
    expect(absolute.headers['cache-control']).toBe(REVALIDATE);
    for (const [method, path] of [
      ['GET', `http://127.0.0.1:${port}/values/love`],
      ['GET', `http://127.0.0.1:${port}/no/such/page`],
      ['GET', '*'],
      ['OPTIONS', '*'],
    ] as const) {
      const { headers } = await raw(method, path);
      const what = `${method} ${path}`;
      expect(headers['content-security-policy'], what).toBe(`${POLICY}; frame-ancestors 'none'`);
      expect(headers['referrer-policy'], what).toBe('same-origin');
      expect(headers['x-content-type-options'], what).toBe('nosniff');
      expect(headers['cache-control'], what).toBeTruthy();
    }
  });

  it('answers an unknown address with the 404 page and status 404, compressed like any page', async () => {
    for (const url of [
      '/nowhere',
      '/values/nobody',
      '/%ff',
      '/values/love.htm',
      '/_astro/gone.js',
      '/404',
      '/404.html',
    ]) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<h1>page not found</h1>');
    }
    const head = await get('/nowhere', undefined, 'HEAD');
    expect(head.statusCode).toBe(404);
    expect(head.rawPayload.length).toBe(0);
    const post = await app.inject({ method: 'POST', url: '/values', payload: 'x' });
    expect(post.statusCode).toBe(404);
  });

  it('lets no one keep a 404, under /_astro/ least of all: only files that exist are immutable', async () => {
    for (const url of ['/_astro/gone.1a2b3c.js', '/_astro/app.1a2b3c.js.map', '/_astro/', '/nowhere']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await get(url, 'br', method);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['cache-control'], `${method} ${url}`).toBe(NOT_FOUND_CACHE);
      }
    }
    expect(NOT_FOUND_CACHE).toBe('no-store');
    expect((await get('/_astro/app.1a2b3c.js', 'br')).headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends a trailing-slash address to its page, keeping the query', async () => {
    for (const [url, location] of [
      ['/values/', '/values'],
      ['/values/love/', '/values/love'],
      ['/values/love/?from=share', '/values/love?from=share'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
    // Only to a page that exists, and never to another host.
    expect((await get('/nowhere/')).statusCode).toBe(404);
  });

  it('never serves _headers, the compressed copies by name, or anything outside the site', async () => {
    const raw = (path: string) =>
      new Promise<number>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port, path }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    for (const path of [
      '/_headers',
      '/index.html.br',
      '/index.html.gz',
      '/../package.json',
      '/values/../../etc/passwd',
      '//example.com/',
      '/%2e%2e/package.json',
    ]) {
      expect(await raw(path), path).toBe(404);
    }
  });

  it('keeps PostgREST answers under /rest', async () => {
    const res = await get('/rest/v1/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'PGRST125' });
  });
});
