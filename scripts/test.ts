/**
 * `npm test`: every test of the project in one vitest run (core, both
 * database engines, server, end-to-end in Chromium, the visitor's flows in
 * Firefox and WebKit), closing with one plain line `N passed, N failed` that
 * CI reads.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { HEADLESS_SHELL, findTestChromium } from './chromium.ts';
import { installDebianPackages } from './debian-packages.mjs';
import { summarize, timeLines, type VitestReport } from './test-summary.ts';

const RESULTS_DIR = '.test-results';
const JSON_REPORT = `${RESULTS_DIR}/vitest.json`;
const SUMMARY = `${RESULTS_DIR}/summary.txt`;

/** Says which Chromium the end-to-end tests will drive, or stops the run when there is none. */
function ensureChromium(): void {
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

const secondsSince = (start: number) => ((performance.now() - start) / 1000).toFixed(0);

// Before anything can stop the run: a run that ends early must not leave the last run's line for CI to read.
rmSync(SUMMARY, { force: true });
rmSync(JSON_REPORT, { force: true });

// As root with apt: what the tests need from Debian; elsewhere each suite says what it lacks.
installDebianPackages();
ensureChromium();
mkdirSync(RESULTS_DIR, { recursive: true });

/**
 * The lint and the format check, each counted as one test of the run: the
 * whole tree, so only when the run is the whole suite (no arguments). They
 * run beside vitest at a lower priority, filling the moments its browser
 * tests leave a core idle, and print their output once done.
 */
const CHECKS: readonly { name: string; bin: string; args: string[] }[] = [
  { name: 'ESLint', bin: 'node_modules/eslint/bin/eslint.js', args: ['.'] },
  { name: 'Prettier', bin: 'node_modules/prettier/bin/prettier.cjs', args: ['--check', '.'] },
];

/** Runs one check in the background; resolves to whether it passed, once its output is printed. */
function runCheck({ name, bin, args }: (typeof CHECKS)[number]): Promise<boolean> {
  const started = performance.now();
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) setPriority(child.pid, 10);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const passed = status === 0;
      console.log(
        `${name} (${[bin, ...args].join(' ')}): ${passed ? 'passed' : 'failed'} in ${secondsSince(started)} s`,
      );
      if (!passed) console.log(output);
      resolve(passed);
    });
  });
}

const checking = Promise.all(process.argv.length > 2 ? [] : CHECKS.map(runCheck));

const vitestStarted = performance.now();
const status = await new Promise<number | null>((resolve) => {
  spawn(
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
  ).on('close', resolve);
});
console.log(`vitest: ${secondsSince(vitestStarted)} s`);
const checks = await checking;
const checksPassed = checks.filter(Boolean).length;
const checksFailed = checks.length - checksPassed;

const report = existsSync(JSON_REPORT) ? (JSON.parse(readFileSync(JSON_REPORT, 'utf8')) as VitestReport) : undefined;
const summary = summarize(report, {
  status,
  checksPassed,
  checksFailed,
  ci: Boolean(process.env.CI) && process.env.CI !== 'false',
});
if (report) console.log(timeLines(report).join('\n'));
writeFileSync(SUMMARY, `${summary.line}\n`);
console.log(summary.line);
process.exit(summary.ok ? 0 : 1);
