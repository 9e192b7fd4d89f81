/**
 * `npm run bench:pages`: builds the site and prints, per page, the gzipped
 * JavaScript and CSS it loads before any interaction, then the budget.
 *   --dir <path>  measure an existing build instead of building
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { HOME_JS_BUDGET_BYTES, TEXT_ROUTE, measurePage, type PageWeight } from './page-weight.ts';
import { buildSite, htmlFiles } from './site-build.ts';

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function exact(bytes: number): string {
  return `${bytes.toLocaleString('en')} B = ${kb(bytes)} = ${(bytes / 1024).toFixed(1)} KiB`;
}

interface Verdict {
  label: string;
  met: boolean;
}

function verdicts(pages: PageWeight[]): Verdict[] {
  const essays = pages.filter((p) => TEXT_ROUTE.test(p.route));
  const home = pages.find((p) => p.route === '/');
  const essayJs = essays.filter((p) => p.jsGzipBytes > 0).map((p) => p.route);
  return [
    {
      label: `0 B of JavaScript on every text page: essays, figures, 404 (${essays.length} pages${essayJs.length ? `; over: ${essayJs.join(', ')}` : ''})`,
      met: essays.length > 0 && essayJs.length === 0,
    },
    {
      label: `at most ${HOME_JS_BUDGET_BYTES.toLocaleString('en')} B of gzipped JavaScript on "/" before the results screen (${home ? exact(home.jsGzipBytes) : 'no "/" page'})`,
      met: home !== undefined && home.jsGzipBytes <= HOME_JS_BUDGET_BYTES,
    },
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dir: { type: 'string' } } });
  const dir = values.dir ?? mkdtempSync(join(tmpdir(), 'mc-bench-site-'));
  try {
    if (!values.dir) {
      console.log(`Building the site into ${dir} ...`);
      buildSite(dir);
    }
    const pages = await Promise.all(htmlFiles(dir).map((file) => measurePage(dir, file)));
    console.table(
      pages.map((p) => ({
        page: p.route,
        'JS files': p.js.length,
        'JS gzip': kb(p.jsGzipBytes),
        'CSS files': p.css.length,
        'CSS gzip': kb(p.cssGzipBytes),
      })),
    );
    const home = pages.find((p) => p.route === '/');
    if (home) {
      console.log('JavaScript "/" loads before any interaction:');
      for (const asset of home.js) console.log(`  ${kb(asset.gzipBytes).padStart(9)}  ${asset.source}`);
    }
    const results = verdicts(pages);
    for (const v of results) console.log(`${v.met ? 'met    ' : 'NOT MET'}  ${v.label}`);
    process.exitCode = results.every((v) => v.met) ? 0 : 1;
  } finally {
    if (!values.dir) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
