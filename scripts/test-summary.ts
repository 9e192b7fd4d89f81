/**
 * The closing line of `npm test`, read from vitest's JSON report: what CI
 * shows, so it must not call a broken run green.
 */

/** The part of vitest's JSON report the line is read from. */
export interface VitestReport {
  readonly testResults: readonly {
    /** "failed" when a test failed, or the file itself did: a hook, an import, an unhandled error. */
    readonly status: string;
    readonly assertionResults: readonly { readonly status: string }[];
    /** The file's path, and when its tests started and ended (ms since the epoch); absent in older reports. */
    readonly name?: string;
    readonly startTime?: number;
    readonly endTime?: number;
  }[];
}

export interface RunOutcome {
  /** vitest's exit status; null when it was killed. */
  readonly status: number | null;
  /** The lint and format checks run beside vitest, each one test. */
  readonly checksPassed: number;
  readonly checksFailed: number;
  /** Under CI a skipped test fails the run: a missing engine or database must not pass as "skipped". */
  readonly ci: boolean;
}

export interface Summary {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  /** The one line: `N passed, N failed`, with `, N skipped` when tests were skipped. */
  readonly line: string;
  readonly ok: boolean;
}

function summary(passed: number, failed: number, skipped: number, skippedUnderCi = 0): Summary {
  const after = skipped
    ? `, ${skipped} skipped`
    : skippedUnderCi
      ? ` (${skippedUnderCi} of them skipped, which CI counts as failed)`
      : '';
  return { passed, failed, skipped, line: `${passed} passed, ${failed} failed${after}`, ok: failed === 0 };
}

/**
 * Counts a run. A test that did not pass in a file that failed counts as
 * failed: vitest reports the tests under a failing beforeAll as skipped. A
 * file that failed with no test to blame, and a run that broke with nothing
 * failed, count as one failure each.
 */
export function summarize(report: VitestReport | undefined, outcome: RunOutcome): Summary {
  if (!report) return summary(outcome.checksPassed, outcome.checksFailed + 1, 0);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of report.testResults) {
    const statuses = file.assertionResults.map((a) => a.status);
    const fileFailed = file.status === 'failed';
    const filePassed = statuses.filter((s) => s === 'passed').length;
    const notRun = statuses.filter((s) => s !== 'passed' && s !== 'failed').length;
    const testsFailed = statuses.filter((s) => s === 'failed').length;
    passed += filePassed;
    if (fileFailed) failed += testsFailed + notRun + (testsFailed + notRun === 0 ? 1 : 0);
    else {
      failed += testsFailed;
      skipped += notRun;
    }
  }
  if (outcome.status !== 0 && failed === 0) failed = 1;
  if (outcome.ci) return summary(passed + outcome.checksPassed, failed + skipped + outcome.checksFailed, 0, skipped);
  return summary(passed + outcome.checksPassed, failed + outcome.checksFailed, skipped);
}

/** Which project of vitest.config.ts a test file belongs to, read from its folder. */
export function projectOf(file: string): string {
  const folder = /(?:^|\/)tests\/([^/]+)\//.exec(file)?.[1] ?? '';
  if (folder === 'e2e' || folder === 'cross-engine' || folder === 'build') return folder;
  return ['stores', 'lib', 'islands'].includes(folder) ? 'client' : 'unit';
}

/**
 * Where a run's time went, one line a project: its files, the seconds its
 * files' tests took one after another, and the stretch of the run from its
 * first file's start to its last file's end (projects share two workers, so
 * stretches overlap); then the slowest files.
 */
export function timeLines(report: VitestReport, slowest = 8): string[] {
  const files = report.testResults
    .filter((f) => f.name && f.startTime !== undefined && f.endTime !== undefined)
    .map((f) => ({ name: f.name!, project: projectOf(f.name!), start: f.startTime!, end: f.endTime! }));
  if (files.length === 0) return [];
  const first = Math.min(...files.map((f) => f.start));
  const seconds = (ms: number) => (ms / 1000).toFixed(0);
  const lines = ['Time by project (seconds):'];
  for (const project of [...new Set(files.map((f) => f.project))].sort()) {
    const own = files.filter((f) => f.project === project);
    const sum = own.reduce((total, f) => total + f.end - f.start, 0);
    const from = Math.min(...own.map((f) => f.start)) - first;
    const to = Math.max(...own.map((f) => f.end)) - first;
    lines.push(
      `  ${project}: ${own.length} files, ${seconds(sum)} s of tests, from ${seconds(from)} s to ${seconds(to)} s`,
    );
  }
  lines.push(`Slowest files (seconds):`);
  for (const f of [...files].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, slowest)) {
    lines.push(`  ${seconds(f.end - f.start).padStart(4)}  ${f.name.replace(/^.*?(tests\/)/, '$1')}`);
  }
  return lines;
}
