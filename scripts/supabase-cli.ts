/**
 * Supabase's own CLI (the pinned `supabase` dev dependency, which `npx
 * supabase` resolves to) on a database given by its URL: `db push` applies
 * supabase/migrations as it does to a hosted project, and `db lint` runs
 * plpgsql_check over every function. docs/deploy.md shows these same
 * commands; tests/db/supabase-cli.test.ts runs them on a scratch database of
 * the DATABASE_URL server.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The CLI's arguments, as docs/deploy.md gives them (`--yes`: nobody is there to answer its prompt). */
const PUSH_ARGS = (dbUrl: string) => ['db', 'push', '--db-url', dbUrl, '--yes'];
const LINT_ARGS = (dbUrl: string) => ['db', 'lint', '--db-url', dbUrl, '--level', 'warning', '--fail-on', 'warning'];

/** The Debian package with plpgsql_check, which `db lint` needs on the server. */
export { plpgsqlCheckPackage } from './debian-packages.mjs';

/**
 * The CLI tries TLS and gives up when the server has none, as a machine's
 * own PostgreSQL often does; a hosted project's URL keeps what it says.
 */
function cliUrl(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('sslmode') && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname)) {
    u.searchParams.set('sslmode', 'disable');
  }
  return u.toString();
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npx supabase <args>` in the project, as a reader of the docs would. */
async function runSupabase(args: string[]): Promise<CliRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npx', ['--no-install', 'supabase', ...args], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
      // Nothing sent anywhere, and no look for a newer version: the pinned one is the point.
      env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', SUPABASE_NO_UPDATE_NOTIFIER: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw error;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** One issue `db lint` reports, keyed the way the known findings are (scripts/sql-lint-findings.ts). */
export interface CliLintFinding {
  rule: 'plpgsql_check';
  /** The function, then what the issue is about without its line number. */
  where: string;
  message: string;
}

interface CliLintReport {
  function: string;
  issues: { level: string; message: string; detail?: string; context?: string }[];
}

/** What `db lint` printed: a JSON list of functions with issues, or nothing when there is none. */
export function parseLint(stdout: string): CliLintFinding[] {
  const text = stdout.trim();
  if (!text) return [];
  return (JSON.parse(text) as CliLintReport[]).flatMap((f) =>
    f.issues.map((i) => ({
      rule: 'plpgsql_check' as const,
      where: `${f.function}: ${(i.context ?? '').replace(/ on line \d+$/, '')}`,
      message: `${i.level}: ${i.message}${i.detail ? ` (${i.detail})` : ''}`,
    })),
  );
}

export async function pushMigrations(dbUrl: string): Promise<CliRun> {
  return runSupabase(PUSH_ARGS(cliUrl(dbUrl)));
}

export async function lintFunctions(dbUrl: string): Promise<{ run: CliRun; findings: CliLintFinding[] }> {
  const run = await runSupabase(LINT_ARGS(cliUrl(dbUrl)));
  return { run, findings: parseLint(run.stdout) };
}
