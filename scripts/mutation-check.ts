/**
 * `npm run check:mutants`: does a unit test notice when the stores or the
 * browser's side of lib quietly stop doing something? Each mutant below
 * changes one line of the source (a call dropped, a condition loosened);
 * the client project (tests/stores, tests/lib, tests/islands: vitest.config.ts)
 * runs against it, and the mutant is caught when some test fails. The file
 * is restored after each run, and on Ctrl-C. Prints one line a mutant and
 * exits 1 when one survives. Slow (a run of the client project a mutant),
 * so it is a check to run, not a test of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Mutant {
  file: string;
  /** What the mutant stops doing, in a reader's words. */
  what: string;
  /** A piece of the file that occurs exactly once, and what takes its place. */
  from: string;
  to: string;
}

export const MUTANTS: readonly Mutant[] = [
  {
    file: 'src/stores/results.ts',
    what: 'a result replaced by changed answers is no longer withdrawn',
    from: 'void withdraw({ submission_id: earlier, secret });',
    to: '',
  },
  {
    file: 'src/stores/results.ts',
    what: 'a save that went later no longer brings the comparison',
    from: '  $finished.set(saved);\n  compare();\n});',
    to: '  $finished.set(saved);\n});',
  },
  {
    file: 'src/lib/withdrawals.ts',
    what: 'a withdrawal of a row the backend did not hold is told as withdrawn',
    from: "return withdrawn ? 'withdrawn' : 'absent';",
    to: "return 'withdrawn';",
  },
  {
    file: 'src/lib/one-send-per-id.ts',
    what: 'a send asked for while one runs starts a second one',
    from: 'const running = inFlight.get(id);',
    to: 'const running = undefined as Promise<T> | undefined;',
  },
  {
    file: 'src/lib/hidden-page-key.ts',
    what: 'an expired hidden-page key is still used',
    from: 'return kept && Date.parse(kept.expires_at) > now ? kept.key : null;',
    to: 'return kept ? kept.key : null;',
  },
  {
    file: 'src/lib/outbox.ts',
    what: 'a save the backend took stays in the outbox',
    from: 'writePending(readPending().filter((s) => s.submission_id !== submissionId));',
    to: 'writePending(readPending());',
  },
  {
    file: 'src/stores/quiz.ts',
    what: 'Back no longer drops the last answer',
    from: 'update({ answers: answers.slice(0, -1) });',
    to: 'update({ answers });',
  },
];

interface Failure {
  /** The failed tests' full names. */
  tests: string[];
  /** The files they are in. */
  files: string[];
}

/** What failed in a run of the client project (or of `files` in it); null when it passed. */
function runClientTests(report: string, files: string[] = []): Failure | null {
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'client',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...files,
    ],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
  if (run.status === 0) return null;
  try {
    const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: { name: string; status: string; assertionResults: { status: string; fullName: string }[] }[];
    };
    const tests = testResults.flatMap((f) =>
      f.assertionResults.filter((a) => a.status === 'failed').map((a) => a.fullName),
    );
    const failedFiles = testResults.filter((f) => f.status === 'failed').map((f) => f.name);
    return { tests: tests.length > 0 ? tests : ['(the run broke before any test failed)'], files: failedFiles };
  } catch {
    return { tests: ['(the run broke and left no report)'], files: [] };
  }
}

function check(): number {
  const work = mkdtempSync(join(tmpdir(), 'mc-mutants-'));
  let original: { file: string; text: string } | undefined;
  const restore = () => {
    if (original) writeFileSync(original.file, original.text);
    original = undefined;
  };
  process.on('SIGINT', () => {
    restore();
    process.exit(130);
  });
  let survived = 0;
  try {
    if (runClientTests(join(work, 'clean.json')) !== null) {
      console.error('The client tests fail on the unchanged source: nothing to learn from mutants.');
      return 1;
    }
    for (const [i, mutant] of MUTANTS.entries()) {
      const text = readFileSync(mutant.file, 'utf8');
      if (text.split(mutant.from).length !== 2) {
        console.error(`Mutant ${i + 1} (${mutant.file}) no longer matches exactly once: update it.`);
        return 1;
      }
      original = { file: mutant.file, text };
      writeFileSync(mutant.file, text.replace(mutant.from, mutant.to));
      const failed = runClientTests(join(work, `mutant-${i + 1}.json`));
      restore();
      // A test that fails on the unchanged source too failed for another reason (a busy machine): no catch.
      const flaky = failed !== null && runClientTests(join(work, `again-${i + 1}.json`), failed.files) !== null;
      if (failed === null || flaky) survived++;
      const verdict = failed === null ? 'SURVIVED' : flaky ? 'UNSURE  ' : 'caught  ';
      const by = failed?.tests ?? [];
      const more = by.length > 2 ? ` (+${by.length - 2})` : '';
      console.log(`${verdict} ${mutant.file}: ${mutant.what}`);
      if (by.length > 0) console.log(`         by ${by.slice(0, 2).join('; ')}${more}`);
      if (flaky) console.log('         (those tests fail on the unchanged source too)');
    }
  } finally {
    restore();
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`${MUTANTS.length - survived} of ${MUTANTS.length} mutants caught by a unit test.`);
  return survived === 0 ? 0 : 1;
}

process.exit(check());
