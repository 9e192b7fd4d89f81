/**
 * `npm run bench:lighthouse`: builds the site, serves it with server/main.ts
 * on a throw-away PGlite folder (seeded with synthetic respondents, so
 * /insights draws real charts), runs Lighthouse with its mobile defaults on
 * every page, and prints the median of each figure per route.
 *   --dir <path>         measure an existing build instead of building
 *   --runs <n>           Lighthouse runs per route (default 3)
 *   --respondents <n>    synthetic respondents in the database (default 5000)
 *   --save <dir>         also write each run's full Lighthouse report there, as JSON
 *                        (its long-tasks and bootup-time audits say where TBT comes from)
 *   [route ...]          only these routes, e.g. / /insights (default every page)
 * CHROMIUM_PATH picks the browser (default: Debian's /usr/bin/chromium).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, runBench } from './bench-server.ts';
import { CHROMIUM_FLAGS, findChromium } from './chromium.ts';
import { routeOf } from './page-weight.ts';
import { htmlFiles } from './site-build.ts';

/** Pages that are no route of their own: the answer to an unknown address. */
const NOT_A_ROUTE = /^\/404$/;

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
  const head = `| route | ${COLUMNS.map((c) => c.title).join(' | ')} |`;
  const rule = `|---|${COLUMNS.map(() => '---:').join('|')}|`;
  const rows = routes.map((route) => {
    const figures = runs.get(route) ?? [];
    const cells = COLUMNS.map((c) => c.show(median(figures.map((f) => f[c.key]))));
    return `| \`${route}\` | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}

await runBench(
  { options: { save: { type: 'string' } }, allowPositionals: true },
  async ({ values, positionals, runCount, siteDir, start }) => {
    const pages = htmlFiles(siteDir)
      .map(routeOf)
      .filter((route) => !NOT_A_ROUTE.test(route))
      .sort();
    const unknown = positionals.filter((route) => !pages.includes(route));
    if (unknown.length) throw new Error(`no such page: ${unknown.join(', ')} (pages: ${pages.join(', ')})`);
    const routes = positionals.length ? positionals : pages;
    const served = await start();
    const chrome = await chromeLauncher.launch({
      chromePath: findChromium(),
      chromeFlags: ['--headless', ...CHROMIUM_FLAGS],
    });
    try {
      const save = values.save as string | undefined;
      if (save) mkdirSync(save, { recursive: true });
      const runs = new Map<string, Figures[]>(routes.map((route) => [route, []]));
      // Round by round rather than route by route, so a busy moment of the machine spreads over every route.
      for (let round = 1; round <= runCount; round++) {
        for (const route of routes) {
          process.stdout.write(`run ${round}/${runCount} ${route} ...\n`);
          const saveAs = save
            ? join(save, `${route === '/' ? 'root' : route.slice(1).replace(/\W+/g, '_')}-${round}.json`)
            : undefined;
          runs.get(route)!.push(await auditWithRetry(served.url + route, chrome.port, saveAs));
        }
      }
      const version = runs.get(routes[0]!)?.[0]?.lighthouseVersion ?? '?';
      const power = [...runs.values()].flat().map((f) => f.benchmarkIndex);
      console.log(`\nLighthouse ${version}, mobile defaults, median of ${runCount} run(s) per route:\n`);
      console.log(table(routes, runs));
      // Lighthouse slows the CPU 4x whatever the machine: the same page scores lower on a slower one.
      console.log(
        `\nThis machine's CPU/Memory Power (Lighthouse's benchmarkIndex): median ${Math.round(median(power))}, ` +
          `${Math.round(Math.min(...power))}-${Math.round(Math.max(...power))} over ${power.length} runs.`,
      );
    } finally {
      chrome.kill();
    }
  },
);
