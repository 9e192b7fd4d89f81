/**
 * `npm test`: every test of the project in one vitest run (core, both
 * database engines, server, end-to-end in Chromium, the visitor's flows in
 * Firefox and WebKit), closing with one plain line `N passed, N failed` that
 * CI reads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { missingPackages } from './engine-binaries.ts';
import { missingPgCronPackages } from './postgres-binaries.ts';
import { HEADLESS_SHELL, findChromium, findTestChromium } from './chromium.ts';
import { JAVA_PACKAGE, javaBinary } from './html-checker.ts';
import { plpgsqlCheckPackage } from './supabase-cli.ts';
import { summarize, type VitestReport } from './test-summary.ts';

const RESULTS_DIR = '.test-results';
const JSON_REPORT = `${RESULTS_DIR}/vitest.json`;
const SUMMARY = `${RESULTS_DIR}/summary.txt`;

/** Installs Debian packages when this runs as root with apt; says so when it cannot. */
function installDebianPackages(packages: readonly string[], purpose: string): void {
  if (!packages.length || process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return;
  console.log(`Installing Debian's ${packages.join(', ')} for ${purpose}.`);
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install =
    update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit' });
  if (!install || install.status !== 0) console.error(`Could not install ${packages.join(', ')}.`);
}

function hasChromium(): boolean {
  try {
    findChromium();
    return true;
  } catch {
    return false;
  }
}

/**
 * Debian's chromium (the benchmarks, and the tests' fallback) and its
 * headless shell (the end-to-end tests: findTestChromium), installed when
 * missing and this runs as root; then says which one the tests will drive.
 */
function ensureChromium(): void {
  installDebianPackages(
    [
      ...(hasChromium() ? [] : ['chromium']),
      ...(process.env.CHROMIUM_PATH || existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
    ],
    'the end-to-end tests',
  );
  let tested: string;
  try {
    tested = findTestChromium();
  } catch (error) {
    console.error(`${(error as Error).message} Debian's chromium-headless-shell does as well.`);
    process.exit(1);
  }
  if (tested !== HEADLESS_SHELL && !process.env.CHROMIUM_PATH) {
    console.log('No chromium-headless-shell: the end-to-end tests drive the full Chromium, at about twice the CPU.');
  }
}

/**
 * Debian's Firefox ESR, WebKitWebDriver and Xvfb for the cross-engine
 * suite, installed when missing and this runs as root. Otherwise the suite
 * itself says which engine cannot start and which package it needs.
 */
function ensureOtherEngines(): void {
  installDebianPackages([...missingPackages('firefox'), ...missingPackages('webkit')], 'the cross-engine tests');
}

/**
 * For every PostgreSQL installed from Debian on this machine: plpgsql_check,
 * which `supabase db lint` needs on the server (tests/db/supabase-cli.test.ts),
 * and pg_cron, which the private cluster of tests/db/pg-cron.test.ts
 * preloads; installed when missing and this runs as root.
 */
function ensurePostgresExtensions(): void {
  const majors = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const missing = majors.filter((m) => !existsSync(`/usr/share/postgresql/${m}/extension/plpgsql_check.control`));
  installDebianPackages(
    [...missing.map(plpgsqlCheckPackage), ...missingPgCronPackages()],
    'supabase db lint and the pg_cron tests',
  );
}

// Before anything can stop the run: a run that ends early must not leave the last run's line for CI to read.
rmSync(SUMMARY, { force: true });
rmSync(JSON_REPORT, { force: true });

/** Java for the Nu HTML Checker over the built pages (tests/build/html-validity.test.ts), installed when missing and this runs as root. */
function ensureJava(): void {
  installDebianPackages(javaBinary() ? [] : [JAVA_PACKAGE], 'the Nu HTML Checker');
}

ensureChromium();
ensureOtherEngines();
ensurePostgresExtensions();
ensureJava();
mkdirSync(RESULTS_DIR, { recursive: true });

/**
 * The lint and the format check, each counted as one test of the run: the
 * whole tree, so only when the run is the whole suite (no arguments).
 */
const CHECKS: readonly { name: string; bin: string; args: string[] }[] = [
  { name: 'ESLint', bin: 'node_modules/eslint/bin/eslint.js', args: ['.'] },
  { name: 'Prettier', bin: 'node_modules/prettier/bin/prettier.cjs', args: ['--check', '.'] },
];
const checks =
  process.argv.length > 2
    ? []
    : CHECKS.map(({ name, bin, args }) => {
        console.log(`${name}: ${[bin, ...args].join(' ')}`);
        const check = spawnSync(process.execPath, [bin, ...args], { stdio: 'inherit' });
        console.log(`${name}: ${check.status === 0 ? 'passed' : 'failed'}`);
        return check.status === 0;
      });
const checksPassed = checks.filter(Boolean).length;
const checksFailed = checks.length - checksPassed;

const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${JSON_REPORT}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } },
);

const report = existsSync(JSON_REPORT) ? (JSON.parse(readFileSync(JSON_REPORT, 'utf8')) as VitestReport) : undefined;
const summary = summarize(report, {
  status: run.status,
  checksPassed,
  checksFailed,
  ci: Boolean(process.env.CI) && process.env.CI !== 'false',
});
writeFileSync(SUMMARY, `${summary.line}\n`);
console.log(summary.line);
process.exit(summary.ok ? 0 : 1);
