/**
 * `npm run bench:lighthouse`: builds the site, serves it with server/main.ts
 * on a throw-away PGlite folder (seeded with synthetic respondents, so
 * /insights draws real charts), runs Lighthouse with its mobile defaults on
 * each route and on a bare page served beside it (one heading, one
 * paragraph, no style, no script), and prints the median of each figure per
 * route and its LCP as a multiple of the bare page's. Lighthouse's scores
 * depend on the machine; the bare page, measured in the same rounds, is
 * this machine's floor, so the targets are set against it: LCP within
 * 1.15x the bare page's, TBT at most 50 ms, performance 1.00 wherever the
 * bare page scores 1.00.
 *   --dir <path>         measure an existing build instead of building
 *   --runs <n>           Lighthouse runs per route (default 3)
 *   --respondents <n>    synthetic respondents in the database (default 5000)
 *   --save <dir>         also write each run's full Lighthouse report there, as JSON
 *                        (its long-tasks and bootup-time audits say where TBT comes from)
 *   --all                every page of the build rather than the usual routes
 *   [route ...]          only these routes, e.g. / /insights "/r/3-4?r=012340123401"
 *                        (default: /, /insights, /hehe, /figures, an essay, a shared result)
 * CHROMIUM_PATH picks the browser (default: Debian's /usr/bin/chromium).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, runBench } from './bench-server.ts';
import { CHROMIUM_FLAGS, findChromium } from './chromium.ts';
import { routeOf } from './page-weight.ts';
import { htmlFiles } from './site-build.ts';
import { QUESTIONS } from '../src/core/questions.ts';
import { shareUrl } from '../src/lib/share-link.ts';

/** Pages that are no route of their own: the answer to an unknown address. */
const NOT_A_ROUTE = /^\/404$/;

/** The floor: what a browser paints fastest, a page with nothing but text, unstyled. */
const BARE_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A bare page</title><meta name="description" content="One heading and one paragraph, for a floor to measure against."></head>
<body><h1>A bare page</h1>
<p>One heading and one paragraph, with no style and no script: what this machine's browser paints fastest, for every route to be measured against.</p>
</body>
</html>
`;
const BARE = 'bare page';

/** Serves the bare page at every address on a port of its own; resolves with its address. */
async function serveBarePage(): Promise<{ url: string; close: () => void }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(BARE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** A shared result's address on the site: the page a friend opens, its answers and a name in the query. */
function sharedResultRoute(): string {
  const answers = QUESTIONS.map((q, i) => ({
    questionId: q.id,
    answerText: q.answers[(i * 3) % q.answers.length]!.text,
  }));
  const url = new URL(shareUrl('http://localhost', answers, { name: 'Rhea' }));
  return url.pathname + url.search;
}

/** The routes measured unless others are named. */
const USUAL_ROUTES = ['/', '/insights', '/hehe', '/figures', '/values/love', sharedResultRoute()];

/** Within the targets this run's bare page sets (the file's opening comment)? */
function verdict(route: Figures[], bare: Figures[]): string {
  const lcpRatio = median(route.map((f) => f.lcpMs)) / median(bare.map((f) => f.lcpMs));
  const misses = [
    lcpRatio > 1.15 ? 'LCP' : '',
    median(route.map((f) => f.tbtMs)) > 50 ? 'TBT' : '',
    median(bare.map((f) => f.performance)) === 1 && median(route.map((f) => f.performance)) < 1 ? 'perf' : '',
  ].filter(Boolean);
  return misses.length ? `misses ${misses.join(', ')}` : 'yes';
}

interface Figures {
  lighthouseVersion: string;
  /** Lighthouse's own measure of the machine's CPU ("CPU/Memory Power"); its 4x slowdown assumes 1500-2000. */
  benchmarkIndex: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
}

type Key = Exclude<keyof Figures, 'lighthouseVersion' | 'benchmarkIndex'>;

async function audit(url: string, port: number, saveAs?: string): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (saveAs) writeFileSync(saveAs, JSON.stringify(result.lhr));
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => categories[id]?.score ?? Number.NaN;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    lighthouseVersion: result.lhr.lighthouseVersion,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  };
}

/**
 * One audit, tried a second time when Lighthouse itself failed to record the
 * load (NO_NAVSTART and its kin come and go on a busy machine); a page that
 * fails twice stops the benchmark.
 */
async function auditWithRetry(url: string, port: number, saveAs?: string): Promise<Figures> {
  try {
    return await audit(url, port, saveAs);
  } catch (error) {
    console.log(`  ${error instanceof Error ? error.message : String(error)}; trying once more`);
    return audit(url, port, saveAs);
  }
}

const COLUMNS: { key: Key; title: string; show: (n: number) => string }[] = [
  { key: 'performance', title: 'perf', show: (n) => n.toFixed(2) },
  { key: 'accessibility', title: 'a11y', show: (n) => n.toFixed(2) },
  { key: 'bestPractices', title: 'best practices', show: (n) => n.toFixed(2) },
  { key: 'seo', title: 'SEO', show: (n) => n.toFixed(2) },
  { key: 'lcpMs', title: 'LCP', show: (n) => `${(n / 1000).toFixed(2)} s` },
  { key: 'fcpMs', title: 'FCP', show: (n) => `${(n / 1000).toFixed(2)} s` },
  { key: 'tbtMs', title: 'TBT', show: (n) => `${Math.round(n)} ms` },
  { key: 'cls', title: 'CLS', show: (n) => n.toFixed(3) },
  { key: 'bytes', title: 'transferred', show: (n) => `${(n / 1024).toFixed(1)} KiB` },
];

function table(routes: string[], runs: Map<string, Figures[]>): string {
  const bare = runs.get(BARE) ?? [];
  const bareLcp = median(bare.map((f) => f.lcpMs));
  const head = `| route | ${COLUMNS.map((c) => c.title).join(' | ')} | LCP ÷ bare | within targets |`;
  const rule = `|---|${COLUMNS.map(() => '---:').join('|')}|---:|---|`;
  const rows = [BARE, ...routes].map((route) => {
    const figures = runs.get(route) ?? [];
    const cells = COLUMNS.map((c) => c.show(median(figures.map((f) => f[c.key]))));
    const ratio = (median(figures.map((f) => f.lcpMs)) / bareLcp).toFixed(2);
    const name = route === BARE ? BARE : `\`${route.length > 40 ? `${route.slice(0, 37)}...` : route}\``;
    return `| ${name} | ${cells.join(' | ')} | ${ratio} | ${route === BARE ? '–' : verdict(figures, bare)} |`;
  });
  return [head, rule, ...rows].join('\n');
}

await runBench(
  { options: { save: { type: 'string' }, all: { type: 'boolean' } }, allowPositionals: true },
  async ({ values, positionals, runCount, siteDir, start }) => {
    const pages = htmlFiles(siteDir)
      .map(routeOf)
      .filter((route) => !NOT_A_ROUTE.test(route))
      .sort();
    const named = positionals.length ? positionals : values.all ? pages : USUAL_ROUTES;
    const unknown = named.filter((route) => !pages.includes(route.replace(/\?.*$/, '')));
    if (unknown.length) throw new Error(`no such page: ${unknown.join(', ')} (pages: ${pages.join(', ')})`);
    const bare = await serveBarePage();
    const served = await start();
    // The seeded group's map, opened with its owner's link, among the usual routes.
    const routes =
      positionals.length === 0 && !values.all && served.groupOwnerKey
        ? [...named, `/group#owner=${served.groupOwnerKey}`]
        : named;
    const chrome = await chromeLauncher.launch({
      chromePath: findChromium(),
      chromeFlags: ['--headless', ...CHROMIUM_FLAGS],
    });
    try {
      const save = values.save as string | undefined;
      if (save) mkdirSync(save, { recursive: true });
      const runs = new Map<string, Figures[]>([BARE, ...routes].map((route) => [route, []]));
      // Round by round rather than route by route, so a busy moment of the machine spreads over every route.
      for (let round = 1; round <= runCount; round++) {
        for (const route of [BARE, ...routes]) {
          process.stdout.write(`run ${round}/${runCount} ${route} ...\n`);
          const file = route === BARE ? 'bare' : route === '/' ? 'root' : route.slice(1).replace(/\W+/g, '_');
          const saveAs = save ? join(save, `${file}-${round}.json`) : undefined;
          const url = route === BARE ? bare.url : served.url + route;
          runs.get(route)!.push(await auditWithRetry(url, chrome.port, saveAs));
        }
      }
      const version = runs.get(BARE)?.[0]?.lighthouseVersion ?? '?';
      const power = [...runs.values()].flat().map((f) => f.benchmarkIndex);
      console.log(
        `\nLighthouse ${version}, mobile defaults, median of ${runCount} run(s) per route, beside a bare page ` +
          "(targets: LCP within 1.15x the bare page's, TBT at most 50 ms, perf 1.00 where the bare page scores 1.00):\n",
      );
      console.log(table(routes, runs));
      // Lighthouse slows the CPU 4x whatever the machine: the same page scores lower on a slower one.
      console.log(
        `\nThis machine's CPU/Memory Power (Lighthouse's benchmarkIndex): median ${Math.round(median(power))}, ` +
          `${Math.round(Math.min(...power))}-${Math.round(Math.max(...power))} over ${power.length} runs.`,
      );
    } finally {
      chrome.kill();
      bare.close();
    }
  },
);
