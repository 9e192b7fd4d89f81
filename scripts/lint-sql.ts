/**
 * npm run lint:sql: the Postgres language server's CLI (the linter behind
 * Supabase's editor tooling) over the SQL, and Supabase's splinter lints
 * (the dashboard's Security and Performance Advisors) over a database with
 * every migration applied, on a scratch database of the DATABASE_URL
 * server. Migrations up to APPLIED_BEFORE are applied history: they are
 * never rewritten, so they are not linted again. A finding not in KNOWN
 * fails; each known one is explained in README.md, "SQL lint findings".
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { withMigratedScratch } from '../server/db/scratch.ts';

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

export interface Finding {
  rule: string;
  /** The file and line, or the object a database lint names. */
  where: string;
  message: string;
}

/** Findings looked at and kept, by rule and where (README.md, "SQL lint findings"). */
export const KNOWN: readonly Pick<Finding, 'rule' | 'where'>[] = [
  { rule: 'syntax', where: 'supabase/schemas/20_limits.sql:111' },
  { rule: 'typecheck', where: 'supabase/schemas/60_insights.sql:9' },
  ...[
    'private.client_events', 'private.clock', 'private.limits', 'private.password_lockouts', 'private.settings',
    'private.withdrawable_answers',
    'public.answer_counts', 'public.answer_scores', 'public.hidden_page_secret', 'public.response_quadrants',
    'public.response_summary', 'public.responses', 'public.scoring_constants',
  ].map((table) => ({ rule: 'splinter/security/rlsEnabledNoPolicy', where: table })),
  ...['client_events_client_idx', 'client_events_kind_idx', 'responses_sample_key_idx'].map((index) => ({
    rule: 'splinter/performance/unusedIndex',
    where: index,
  })),
];

interface Report {
  diagnostics: { category: string; message: string; location?: { path: string; start: { line: number } } }[];
}

async function run(args: string[]): Promise<Report> {
  if (!existsSync(CLI)) {
    throw new Error(`lint:sql runs the Postgres language server's linux-x64 binary, not installed here: ${CLI}`);
  }
  const { stdout } = await promisify(execFile)(CLI, [...args, '--colors=off', '--reporter=json', '--max-diagnostics=none'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => {
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
  if (!adminUrl) throw new Error('lint:sql needs a PostgreSQL server: set DATABASE_URL (a scratch database is created and dropped there)');
  return withMigratedScratch(async (url) => {
    const connection = `--connection-string=${url}`;
    const files = await run(['check', connection, '--migrations-dir=supabase/migrations', `--after=${APPLIED_BEFORE}`, 'supabase/schemas', 'supabase/migrations']);
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

export function unknownFindings(findings: Finding[]): Finding[] {
  return findings.filter((f) => !KNOWN.some((k) => k.rule === f.rule && k.where === f.where));
}

if (import.meta.main) {
  const findings = await lintSql();
  for (const f of findings) console.log(`${f.rule}  ${f.where}  ${f.message.replaceAll('\\`', '`')}`);
  const unknown = unknownFindings(findings);
  console.log(`\n${findings.length} findings, ${findings.length - unknown.length} of them known (README.md, "SQL lint findings")`);
  if (unknown.length > 0) {
    console.error(`${unknown.length} new: fix them, or explain them in the README and add them to KNOWN in scripts/lint-sql.ts`);
    process.exitCode = 1;
  }
}
