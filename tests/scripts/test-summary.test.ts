import { describe, expect, it } from 'vitest';
import { projectOf, summarize, timeLines, type RunOutcome, type VitestReport } from '../../scripts/test-summary.ts';

/** A file of vitest's JSON report: its status and its tests' statuses. */
const file = (status: 'passed' | 'failed', ...tests: string[]) => ({
  status,
  assertionResults: tests.map((s) => ({ status: s })),
});
const report = (...files: ReturnType<typeof file>[]): VitestReport => ({ testResults: files });
const clean: RunOutcome = { status: 0, checksPassed: 0, checksFailed: 0, ci: false };
const broken: RunOutcome = { ...clean, status: 1 };

describe('the closing line of npm test', () => {
  it('counts passed, failed and skipped tests of a clean run', () => {
    const run = summarize(report(file('passed', 'passed', 'passed', 'skipped'), file('passed', 'passed')), clean);
    expect(run.line).toBe('3 passed, 0 failed, 1 skipped');
    expect(run.ok).toBe(true);
    expect(summarize(report(file('passed', 'passed')), clean).line).toBe('1 passed, 0 failed');
  });

  it('counts every test of a file whose beforeAll failed as failed, not skipped', () => {
    // What vitest writes when a beforeAll throws: the file failed, its tests "skipped".
    const run = summarize(
      report(file('failed', 'skipped', 'skipped', 'skipped', 'skipped'), file('passed', 'passed')),
      broken,
    );
    expect(run.line).toBe('1 passed, 4 failed');
    expect(run.ok).toBe(false);
  });

  it('keeps what passed in a failed file passed, and counts its failures and the tests it did not run', () => {
    const run = summarize(report(file('failed', 'passed', 'failed', 'skipped', 'todo', 'pending')), broken);
    expect([run.passed, run.failed, run.skipped]).toEqual([1, 4, 0]);
  });

  it('counts a file that failed with no test to blame (an import, an afterAll) as one failure', () => {
    expect(summarize(report(file('failed'), file('passed', 'passed')), broken).line).toBe('1 passed, 1 failed');
    expect(summarize(report(file('failed', 'passed', 'passed')), broken).line).toBe('2 passed, 1 failed');
  });

  it('counts a run that broke with nothing failed, or left no report, as one failure', () => {
    expect(summarize(report(file('passed', 'passed')), broken).line).toBe('1 passed, 1 failed');
    expect(summarize(report(file('passed', 'passed')), { ...clean, status: null }).ok).toBe(false);
    expect(summarize(undefined, { ...clean, checksPassed: 2 }).line).toBe('2 passed, 1 failed');
  });

  it('adds the lint and format checks, each as one test', () => {
    const run = summarize(report(file('passed', 'passed')), { ...clean, checksPassed: 1, checksFailed: 1 });
    expect(run.line).toBe('2 passed, 1 failed');
    expect(run.ok).toBe(false);
  });

  it('fails the run under CI when any test was skipped, and says why', () => {
    const run = summarize(report(file('passed', 'passed', 'skipped', 'skipped')), { ...clean, ci: true });
    expect(run.line).toBe('1 passed, 2 failed (2 of them skipped, which CI counts as failed)');
    expect(run.ok).toBe(false);
    const green = summarize(report(file('passed', 'passed')), { ...clean, ci: true });
    expect([green.line, green.ok]).toEqual(['1 passed, 0 failed', true]);
  });
});

describe('where the time of a run went', () => {
  const timedFile = (name: string, start: number, end: number) => ({
    status: 'passed',
    assertionResults: [],
    name: `/repo/${name}`,
    startTime: start,
    endTime: end,
  });

  it("reads each file's project from its folder, as vitest.config.ts includes them", () => {
    expect(
      [
        'tests/e2e/a.test.ts',
        'tests/stores/b.test.ts',
        'tests/lib/c.test.ts',
        'tests/db/d.test.ts',
        'tests/build/e.test.ts',
      ].map(projectOf),
    ).toEqual(['e2e', 'client', 'client', 'unit', 'build']);
  });

  it('prints one line a project, with its files, their seconds and its stretch of the run, then the slowest files', () => {
    const lines = timeLines(
      {
        testResults: [
          timedFile('tests/e2e/slow.test.ts', 1_000, 31_000),
          timedFile('tests/e2e/quick.test.ts', 31_000, 33_000),
          timedFile('tests/db/x.test.ts', 2_000, 12_000),
        ],
      },
      2,
    );
    expect(lines).toEqual([
      'Time by project (seconds):',
      '  e2e: 2 files, 32 s of tests, from 0 s to 32 s',
      '  unit: 1 files, 10 s of tests, from 1 s to 11 s',
      'Slowest files (seconds):',
      '    30  tests/e2e/slow.test.ts',
      '    10  tests/db/x.test.ts',
    ]);
  });
});
