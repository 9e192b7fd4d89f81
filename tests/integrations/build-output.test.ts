import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../../src/integrations/precompress.ts';
import { writeHeadersFile } from '../../src/integrations/security-headers.ts';
import {
  IMMUTABLE,
  REVALIDATE,
  apiOriginOf,
  cspDirectives,
  formatHeadersFile,
  headersFor,
  parseHeadersFile,
  unitePolicies,
} from '../../src/integrations/static-headers.ts';

const page = (policy: string, body = '') =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${policy}"></head><body>${body}</body></html>`;

describe('the build writes _headers for static hosts', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mc-headers-'));
    mkdirSync(join(dir, 'values'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("unites every page's policy, adds frame-ancestors, and rules for assets and pages", async () => {
    writeFileSync(
      join(dir, 'index.html'),
      page("default-src 'self'; script-src 'self' 'sha256-A='; style-src 'self' 'sha256-S='"),
    );
    writeFileSync(
      join(dir, 'values', 'love.html'),
      page("default-src 'self'; script-src 'self' 'sha256-B='; style-src 'self'"),
    );
    writeFileSync(join(dir, '404.html'), page("default-src 'self'; script-src 'self' 'sha256-A='; style-src 'self'"));
    expect(await writeHeadersFile(dir)).toBe(3);
    const rules = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));

    const everywhere = Object.fromEntries(headersFor(rules, '/values/love'));
    expect(everywhere['Content-Security-Policy']).toBe(
      "default-src 'self'; script-src 'self' 'sha256-A=' 'sha256-B='; style-src 'self' 'sha256-S='; frame-ancestors 'none'",
    );
    expect(everywhere).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
      'Cache-Control': REVALIDATE,
    });
    expect(everywhere['Permissions-Policy']).toContain('camera=()');
    expect(Object.fromEntries(headersFor(rules, '/_astro/app.1a2b.js'))['Cache-Control']).toBe(IMMUTABLE);
    expect(Object.fromEntries(headersFor(rules, '/'))['Cache-Control']).toBe(REVALIDATE);
    expect(Object.fromEntries(headersFor(rules, '/404'))['Cache-Control']).toBe(REVALIDATE);
    // An unknown address gets the security headers, and no caching rule of a page.
    expect(Object.fromEntries(headersFor(rules, '/nowhere'))).not.toHaveProperty('Cache-Control');
    // No path gets one header name from two rules: static hosts would join them with a comma.
    for (const path of ['/', '/values/love', '/_astro/x.js', '/nowhere']) {
      const names = headersFor(rules, path).map(([name]) => name.toLowerCase());
      expect(new Set(names).size, path).toBe(names.length);
    }
  });

  it('fails when a page carries no policy', async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>no policy</title>');
    await expect(writeHeadersFile(dir)).rejects.toThrow('index.html has no Content-Security-Policy');
    expect(existsSync(join(dir, '_headers'))).toBe(false);
  });
});

describe('the policy and the _headers format', () => {
  it('allows the hosted API origin in connect-src only when one is configured', () => {
    expect(cspDirectives(undefined)).toContain("connect-src 'self'");
    const origin = apiOriginOf('https://abcd.supabase.co/rest/v1/');
    expect(origin).toBe('https://abcd.supabase.co');
    expect(cspDirectives(origin)).toContain("connect-src 'self' https://abcd.supabase.co");
    expect(cspDirectives(origin).join(';')).not.toContain('unsafe');
    expect(() => apiOriginOf('abcd.supabase.co')).toThrow('PUBLIC_SUPABASE_URL must be a URL');
    expect(() => apiOriginOf('javascript:alert(1)')).toThrow('http(s)');
  });

  it('unites policies source by source, keeping the first order', () => {
    expect(unitePolicies(["a 'x' 'y'; b 'z'", "A 'y' 'w'", "c 'none'"])).toBe("a 'x' 'y' 'w'; b 'z'; c 'none'");
  });

  it('reads back what it writes, and refuses a header line outside a rule', () => {
    const rules = [
      { pattern: '/*', headers: [['X-One', 'a: b'] as [string, string]] },
      { pattern: '/page', headers: [['Cache-Control', 'no-cache'] as [string, string]] },
    ];
    expect(parseHeadersFile(formatHeadersFile(rules))).toEqual(rules);
    expect(() => parseHeadersFile('  X-Orphan: 1\n')).toThrow('line 1');
    expect(headersFor(rules, '/page')).toEqual([
      ['X-One', 'a: b'],
      ['Cache-Control', 'no-cache'],
    ]);
    expect(headersFor(rules, '/page/more')).toEqual([['X-One', 'a: b']]);
  });
});

describe('the build precompresses text files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mc-precompress-'));
    mkdirSync(join(dir, '_astro'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz copies that decompress to the original, only where they are smaller', async () => {
    const script = `export const text = ${JSON.stringify('love duty honor reason '.repeat(200))};`;
    writeFileSync(join(dir, '_astro', 'app.js'), script);
    writeFileSync(join(dir, 'index.html'), page("default-src 'self'", '<h1>A quiz</h1>'.repeat(50)));
    writeFileSync(join(dir, 'tiny.txt'), 'x');
    writeFileSync(join(dir, 'image.png'), Buffer.alloc(4096, 7));

    const { files, before, after } = await precompressDir(dir);
    expect(files).toBe(3);
    expect(after).toBeLessThan(before / 5);
    for (const file of ['_astro/app.js', 'index.html']) {
      const original = readFileSync(join(dir, file));
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`)))).toEqual(original);
      expect(readFileSync(join(dir, `${file}.br`)).length).toBeLessThan(original.length);
    }
    // One byte does not get smaller; an image is not text.
    expect(existsSync(join(dir, 'tiny.txt.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.txt.gz'))).toBe(false);
    expect(existsSync(join(dir, 'image.png.br'))).toBe(false);
  });
});
