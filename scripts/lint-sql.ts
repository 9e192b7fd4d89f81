/**
 * npm run lint:sql: the Postgres language server's CLI (the linter behind
 * Supabase's editor tooling) over the SQL, and Supabase's splinter lints
 * (the dashboard's Security and Performance Advisors) over a database with
 * every migration applied, on a scratch database of the DATABASE_URL
 * server. Migrations up to APPLIED_BEFORE are applied history: they are
 * never rewritten, so they are not linted again. A finding not listed with
 * its reason in scripts/sql-lint-findings.ts fails.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { withMigratedScratch } from '../server/db/scratch.ts';
import { unknownFindings, type Finding } from './sql-lint-findings.ts';

/**
 * The CLI's platform binary, depended on directly: the wrapper package
 * names a binary for every platform, and a registry without all of them
 * leaves a lock file that `npm ci` refuses. Only linux-x64 (glibc) is
 * pinned; elsewhere lint:sql says it cannot run.
 */
const CLI = fileURLToPath(
  new URL('../node_modules/@postgres-language-server/cli-x86_64-linux-gnu/postgres-language-server', import.meta.url),
);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The newest migration that was already applied when the SQL began to be linted. */
const APPLIED_BEFORE = '20261123113627';

interface Report {
  diagnostics: { category: string; message: string; location?: { path: string; start: { line: number } } }[];
}

async function run(args: string[]): Promise<Report> {
  if (!existsSync(CLI)) {
    throw new Error(`lint:sql runs the Postgres language server's linux-x64 binary, not installed here: ${CLI}`);
  }
  const { stdout } = await promisify(execFile)(
    CLI,
    [...args, '--colors=off', '--reporter=json', '--max-diagnostics=none'],
    {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string }) => {
    // Exit code 1 means findings; the report is still on stdout.
    if (typeof error.stdout === 'string' && error.stdout.startsWith('{')) return { stdout: error.stdout };
    throw error;
  });
  return JSON.parse(stdout) as Report;
}

/** What a database lint names: the first table or index in its message. */
function objectOf(message: string): string {
  return /`([^`\\]+)\\?`/.exec(message.replaceAll('\\`', '`'))?.[1] ?? message;
}

export async function lintSql(adminUrl = process.env.DATABASE_URL): Promise<Finding[]> {
  if (!adminUrl)
    throw new Error(
      'lint:sql needs a PostgreSQL server: set DATABASE_URL (a scratch database is created and dropped there)',
    );
  return withMigratedScratch(async (url) => {
    const connection = `--connection-string=${url}`;
    const files = await run([
      'check',
      connection,
      '--migrations-dir=supabase/migrations',
      `--after=${APPLIED_BEFORE}`,
      'supabase/schemas',
      'supabase/migrations',
    ]);
    const database = await run(['dblint', connection]);
    return [
      ...files.diagnostics.map((d) => ({
        rule: d.category,
        where: d.location ? `${d.location.path}:${d.location.start.line}` : '',
        message: d.message,
      })),
      ...database.diagnostics.map((d) => ({ rule: d.category, where: objectOf(d.message), message: d.message })),
    ];
  }, adminUrl);
}

if (import.meta.main) {
  const findings = await lintSql();
  for (const f of findings) console.log(`${f.rule}  ${f.where}  ${f.message.replaceAll('\\`', '`')}`);
  const unknown = unknownFindings(findings);
  console.log(
    `\n${findings.length} findings, ${findings.length - unknown.length} of them known (scripts/sql-lint-findings.ts)`,
  );
  if (unknown.length > 0) {
    console.error(`${unknown.length} new: fix them, or list them with their reason in scripts/sql-lint-findings.ts`);
    process.exitCode = 1;
  }
}
