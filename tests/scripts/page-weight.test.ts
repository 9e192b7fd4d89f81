import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurePage, routeOf } from '../../scripts/page-weight.ts';

/** A tiny built site: what the byte counter must follow and what it must leave alone. */
const FILES: Record<string, string> = {
  '_astro/entry.js':
    'import{a}from"./shared.js";export*from"./reexported.js";const later=()=>import("./lazy.js");a(later);',
  '_astro/shared.js': 'import"./leaf.js";export const a=(f)=>f;',
  '_astro/leaf.js': 'globalThis.leaf=1;',
  '_astro/reexported.js': 'export const r=2;',
  '_astro/lazy.js': 'import"./lazy-dep.js";export default "only after a click";',
  '_astro/lazy-dep.js': 'export const big="x".repeat(1);',
  '_astro/island.js': 'import{a}from"/_astro/shared.js";export default a;',
  '_astro/renderer.js': 'export default 1;',
  '_astro/preloaded.js': 'export const p=3;',
  '_astro/page.css': 'body{color:red}',
  'index.html': [
    '<!doctype html><html><head>',
    '<link rel="stylesheet" href="/_astro/page.css">',
    '<link rel="modulepreload" href="/_astro/preloaded.js">',
    '<link rel="icon" href="/logo.svg">',
    '<style>h1{margin:0}</style>',
    '<script type="module" src="/_astro/entry.js"></script>',
    '<script type="module" src="/_astro/entry.js"></script>',
    '<script type="application/ld+json">{"@type":"WebSite"}</script>',
    '<script src="https://example.com/remote.js"></script>',
    '</head><body>',
    '<astro-island component-url="/_astro/island.js" renderer-url="/_astro/renderer.js"></astro-island>',
    '<script>window.inline=1</script>',
    '</body></html>',
  ].join(''),
  'values/love.html':
    '<!doctype html><html><head><link rel="stylesheet" href="../_astro/page.css"></head><body><p>text</p></body></html>',
};

const gz = (text: string) => gzipSync(text).length;

describe('page weight: what a built page loads before any interaction', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mc-page-weight-'));
    for (const [path, content] of Object.entries(FILES)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('follows script src, modulepreload, island modules and their static imports, once each, but not import()', async () => {
    const page = await measurePage(dir, 'index.html');
    expect(page.route).toBe('/');
    expect(page.js.map((a) => a.source)).toEqual([
      '/_astro/entry.js',
      '/_astro/island.js',
      '/_astro/leaf.js',
      '/_astro/preloaded.js',
      '/_astro/reexported.js',
      '/_astro/renderer.js',
      '/_astro/shared.js',
      'inline script #1',
    ]);
    const files = ['entry', 'island', 'leaf', 'preloaded', 'reexported', 'renderer', 'shared'];
    const expected = files.reduce((sum, f) => sum + gz(FILES[`_astro/${f}.js`] as string), 0) + gz('window.inline=1');
    expect(page.jsGzipBytes).toBe(expected);
  });

  it('counts linked and inline CSS', async () => {
    const page = await measurePage(dir, 'index.html');
    expect(page.css.map((a) => a.source)).toEqual(['/_astro/page.css', 'inline style #1']);
    expect(page.cssGzipBytes).toBe(gz('body{color:red}') + gz('h1{margin:0}'));
  });

  it('gives a page with no scripts 0 bytes of JavaScript, resolving relative stylesheet paths', async () => {
    const page = await measurePage(dir, join('values', 'love.html'));
    expect(page.route).toBe('/values/love');
    expect(page.js).toEqual([]);
    expect(page.jsGzipBytes).toBe(0);
    expect(page.css.map((a) => a.source)).toEqual(['/_astro/page.css']);
  });

  it('fails on a file the page names but the build lacks', async () => {
    writeFileSync(join(dir, 'broken.html'), '<script type="module" src="/_astro/missing.js"></script>');
    await expect(measurePage(dir, 'broken.html')).rejects.toThrow(/missing\.js/);
  });

  it('names routes the way the site serves them', () => {
    expect(routeOf('index.html')).toBe('/');
    expect(routeOf(join('values', 'love.html'))).toBe('/values/love');
    expect(routeOf('values.html')).toBe('/values');
    expect(routeOf(join('values', 'index.html'))).toBe('/values/');
  });
});
