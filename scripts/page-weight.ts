/**
 * What a built page makes the browser fetch before anyone touches it, and how
 * many gzipped bytes that is: scripts, module preloads, island components and
 * renderers, their static imports (recursively, never import()), stylesheets
 * and inline <script>/<style> text.
 */
import { readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { init as initLexer, parse as parseModule } from 'es-module-lexer';
import { ELEMENT_NODE, parse as parseHtml, walkSync, type ElementNode } from 'ultrahtml';

export interface Asset {
  /** Site path (/_astro/x.js) or "inline #n" for text inside the HTML. */
  source: string;
  gzipBytes: number;
}

/**
 * The budget: essays ship no JavaScript; "/" stays small until the results
 * screen. 80 KB read strictly as 80,000 bytes (80 KiB would allow 81,920).
 * `npm run bench:pages` prints it; tests/build/page-weight.test.ts holds
 * every build to it.
 */
export const HOME_JS_BUDGET_BYTES = 80_000;

/** Pages that are text alone and held to 0 B of JavaScript: the essays, the literary figures, the 404 page. */
export const TEXT_ROUTE = /^\/(values(\/|$)|figures$|404$)/;

export interface PageWeight {
  /** The page's address: index.html is "/", values/love.html is "/values/love". */
  route: string;
  js: Asset[];
  css: Asset[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

// Island attributes whose modules load on hydration, which client:load does at once.
const ISLAND_MODULE_ATTRIBUTES = ['component-url', 'renderer-url', 'before-hydration-url'] as const;

function gzipSize(content: string | Buffer): number {
  return gzipSync(content).length;
}

export function routeOf(htmlFile: string): string {
  const path = `/${htmlFile.split(sep).join('/')}`.replace(/\.html$/, '').replace(/\/index$/, '/');
  return path === '' ? '/' : path;
}

function isLocal(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');
}

/** A site path (/_astro/a.js) or a path relative to the page, as a site path without query or hash. */
function toSitePath(url: string, fromSitePath: string): string {
  const clean = url.split(/[?#]/)[0] ?? url;
  return clean.startsWith('/') ? posix.normalize(clean) : posix.join(posix.dirname(fromSitePath), clean);
}

function readSiteFile(distDir: string, sitePath: string): Buffer {
  const file = join(distDir, ...sitePath.split('/').filter(Boolean));
  if (relative(distDir, file).startsWith('..')) throw new Error(`${sitePath} points outside ${distDir}`);
  return readFileSync(file);
}

/** Static imports of a module (import/export ... from, bare import), resolved to site paths. */
function staticImports(source: string, fromSitePath: string): string[] {
  const [imports] = parseModule(source);
  return imports
    .filter((imp) => imp.d === -1 && imp.n !== undefined && isLocal(imp.n))
    .map((imp) => toSitePath(imp.n as string, fromSitePath));
}

function textOf(element: ElementNode): string {
  return element.children.map((child) => (typeof child.value === 'string' ? child.value : '')).join('');
}

/**
 * Counts one built page. `htmlFile` is relative to `distDir`. Files a page
 * names twice count once; a missing file is an error, not a zero.
 */
export async function measurePage(distDir: string, htmlFile: string): Promise<PageWeight> {
  await initLexer;
  const pageSitePath = `/${htmlFile.split(sep).join('/')}`;
  const document = parseHtml(readFileSync(join(distDir, htmlFile), 'utf8'));

  const jsEntries = new Set<string>();
  const cssFiles = new Set<string>();
  const inlineJs: string[] = [];
  const inlineCss: string[] = [];

  walkSync(document, (node) => {
    if (node.type !== ELEMENT_NODE) return;
    const element = node as ElementNode;
    const attrs = element.attributes;
    const local = (url: string | undefined) => (url && isLocal(url) ? toSitePath(url, pageSitePath) : undefined);
    if (element.name === 'script') {
      const type = attrs.type ?? '';
      if (type !== '' && type !== 'module' && !/javascript/i.test(type)) return;
      const src = local(attrs.src);
      if (src) jsEntries.add(src);
      else if (!attrs.src) {
        const text = textOf(element);
        inlineJs.push(text);
        if (type === 'module') for (const dep of staticImports(text, pageSitePath)) jsEntries.add(dep);
      }
    } else if (element.name === 'link') {
      const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
      const href = local(attrs.href);
      if (!href) return;
      if (rel.includes('stylesheet')) cssFiles.add(href);
      if (rel.includes('modulepreload')) jsEntries.add(href);
    } else if (element.name === 'style') {
      inlineCss.push(textOf(element));
    } else if (element.name === 'astro-island') {
      for (const name of ISLAND_MODULE_ATTRIBUTES) {
        const url = local(attrs[name]);
        if (url) jsEntries.add(url);
      }
    }
  });

  // Follow the static import graph from every entry; dynamic import() waits for later.
  const jsFiles = new Set<string>();
  const queue = [...jsEntries];
  while (queue.length > 0) {
    const sitePath = queue.shift() as string;
    if (jsFiles.has(sitePath)) continue;
    jsFiles.add(sitePath);
    const source = readSiteFile(distDir, sitePath).toString('utf8');
    queue.push(...staticImports(source, sitePath));
  }

  const js: Asset[] = [
    ...[...jsFiles].sort().map((source) => ({ source, gzipBytes: gzipSize(readSiteFile(distDir, source)) })),
    ...inlineJs.map((text, i) => ({ source: `inline script #${i + 1}`, gzipBytes: gzipSize(text) })),
  ];
  const css: Asset[] = [
    ...[...cssFiles].sort().map((source) => ({ source, gzipBytes: gzipSize(readSiteFile(distDir, source)) })),
    ...inlineCss.map((text, i) => ({ source: `inline style #${i + 1}`, gzipBytes: gzipSize(text) })),
  ];
  const sum = (assets: Asset[]) => assets.reduce((total, a) => total + a.gzipBytes, 0);
  return { route: routeOf(htmlFile), js, css, jsGzipBytes: sum(js), cssGzipBytes: sum(css) };
}
