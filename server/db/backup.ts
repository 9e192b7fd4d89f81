/**
 * Backups: what the product holds, as pg_dump's plain SQL data, in one file
 * that any engine we run on can load (PGlite, PostgreSQL, hosted Supabase).
 *
 * The schema does not travel: the target gets it from the same migrations,
 * to the same version as the backup, before the data goes in, and then any
 * later migration, as an upgrade would. So a backup made on PGlite
 * (PostgreSQL 18) loads on a hosted project's PostgreSQL 15 or 17 alike.
 */
import { createHash } from 'node:crypto';
import type { Database, Queryable } from './engine.ts';
import { migrate, readMigrations, type Migration } from './migrate.ts';

/**
 * What travels: the responses (names, times, scores, withdrawal hashes),
 * the tallies and summaries, the answers kept for withdrawals, the hidden
 * page's password hash, the groups and their memberships (keys as hashes),
 * the operator's settings and limits, and the published figures. The throttle
 * counters (client_events, password_lockouts) and the limits' test clock do
 * not; the reference data (answer_scores, scoring_constants) comes with the
 * migrations.
 */
const TRAVELLING_TABLES = [
  'public.responses',
  'public.answer_counts',
  'public.response_summary',
  'public.response_quadrants',
  'public.hidden_page_secret',
  'private.withdrawable_answers',
  'private.groups',
  'private.group_members',
  'private.settings',
  'private.limits',
  // What the public sees, as published (supabase/schemas/45_publication.sql):
  // a restore shows the same figures, and the saves still waiting for their
  // batch wait on.
  'private.publication',
  'private.published_summary',
  'private.published_quadrants',
  'private.published_answer_counts',
] as const;

/** Where the next response id comes from: pg_dump names a table's sequence only when asked. */
const TRAVELLING_SEQUENCES = [
  'public.responses_id_seq',
  'private.groups_id_seq',
  'private.group_members_id_seq',
] as const;

const MAGIC = '-- Map your Contradictions backup, format 1';
const MIGRATIONS_LINE = '-- migrations: ';
const CHECKSUM_LINE = '-- sha256: ';
/** pg_dump's last words: a dump without them was cut short. */
const DUMP_COMPLETE = '-- PostgreSQL database dump complete';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function appliedMigrations(db: Queryable): Promise<string[]> {
  const [exists] = await db.query<{ found: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as found",
  );
  if (!exists?.found) return [];
  const rows = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version',
  );
  return rows.map((r) => r.version);
}

/** The whole backup file's text: a header (migrations, checksum), then pg_dump's data. */
export async function makeBackup(db: Database): Promise<string> {
  const versions = await appliedMigrations(db);
  if (versions.length === 0)
    throw new BackupError('The database has no migration applied: there is nothing to back up.');
  const body = await db.dump([
    '--data-only',
    ...[...TRAVELLING_TABLES, ...TRAVELLING_SEQUENCES].flatMap((t) => ['--table', t]),
  ]);
  if (!body.slice(-200).includes(DUMP_COMPLETE)) throw new BackupError('pg_dump ended without finishing the dump.');
  return [
    MAGIC,
    `-- made: ${new Date().toISOString()} on ${db.engine}`,
    `${MIGRATIONS_LINE}${versions.join(' ')}`,
    `${CHECKSUM_LINE}${sha256(body)}`,
    body,
  ].join('\n');
}

export interface ParsedBackup {
  migrations: string[];
  body: string;
}

/** Reads a backup file's text, or throws a BackupError saying what is wrong with it. */
export function parseBackup(text: string, name: string): ParsedBackup {
  const lines = text.split('\n');
  if (lines[0] !== MAGIC) throw new BackupError(`${name} is not a backup made by npm run backup.`);
  const migrationsLine = lines[2] ?? '';
  const checksumLine = lines[3] ?? '';
  if (!migrationsLine.startsWith(MIGRATIONS_LINE) || !checksumLine.startsWith(CHECKSUM_LINE)) {
    throw new BackupError(`${name} is cut short or damaged: its header is incomplete. Nothing was restored.`);
  }
  const body = lines.slice(4).join('\n');
  if (sha256(body) !== checksumLine.slice(CHECKSUM_LINE.length).trim()) {
    throw new BackupError(
      `${name} is cut short or damaged: its contents do not match the checksum in its header. Nothing was restored.`,
    );
  }
  const migrations = migrationsLine.slice(MIGRATIONS_LINE.length).trim().split(/\s+/).filter(Boolean);
  return { migrations, body };
}

/** What of ours this database holds, in words, or undefined when it holds nothing. */
async function contents(db: Queryable): Promise<string | undefined> {
  const count = async (table: string) => {
    const [found] = await db.query<{ yes: boolean }>('select to_regclass($1) is not null as yes', [table]);
    if (!found?.yes) return 0;
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    return row?.n ?? 0;
  };
  const responses = await count('public.responses');
  const held: string[] = [];
  if (responses > 0) held.push(`${responses} ${responses === 1 ? 'response' : 'responses'}`);
  if ((await count('public.hidden_page_secret')) > 0) held.push('a hidden page password');
  return held.length > 0 ? held.join(' and ') : undefined;
}

/**
 * Loads a parsed backup into `db`, which must hold no response and no
 * password (`targetName` names it in the refusal). Returns how many
 * responses it restored.
 */
export async function restoreBackup(db: Database, backup: ParsedBackup, targetName: string): Promise<number> {
  const known = readMigrations();
  const knownVersions = new Set(known.map((m) => m.version));
  const unknown = backup.migrations.filter((v) => !knownVersions.has(v));
  if (unknown.length > 0) {
    throw new BackupError(
      `The backup was made by a later version of the product (migrations ${unknown.join(', ')} are not in supabase/migrations/): update this copy first. Nothing was restored.`,
    );
  }
  const applied = await appliedMigrations(db);
  const beyond = applied.filter((v) => !backup.migrations.includes(v));
  if (beyond.length > 0) {
    throw new BackupError(
      `${targetName} already has migrations the backup does not (${beyond.join(', ')}): restore into a new, empty database. Nothing was restored.`,
    );
  }
  const held = await contents(db);
  if (held) {
    throw new BackupError(
      `${targetName} is not empty: it holds ${held}. Restore into a new, empty one. Nothing was restored.`,
    );
  }

  // The schema as the backup knew it, then its data, then what came since.
  const upTo = (m: Migration) => backup.migrations.includes(m.version);
  if (backup.migrations.some((v) => !applied.includes(v))) await migrate(db, known.filter(upTo));
  const statements = await withoutUnknownSettings(db, backup.body);
  const restored = await db.transaction(async (tx) => {
    // The rows arrive as they were, tallies and summaries included: no
    // trigger may fold them in a second time, and no key is checked against
    // rows of a table not yet loaded.
    await tx.exec('set local session_replication_role = replica');
    // The migrations' defaults (settings, limits, zeroed summaries) give way
    // to the backup's rows. A table a migration after the backup brings is
    // not there yet: that migration fills it, below.
    for (const table of TRAVELLING_TABLES) {
      const [{ found } = { found: false }] = await tx.query<{ found: boolean }>(
        'select to_regclass($1) is not null as found',
        [table],
      );
      if (found) await tx.exec(`delete from ${table}`);
    }
    await tx.exec(statements);
    const [count] = await tx.query<{ n: number }>('select count(*)::int as n from public.responses');
    return count?.n ?? 0;
  });
  // Only when something is left to apply: a hosted project's migrations come
  // from `supabase db push`, and its roles are the platform's, not ours to alter.
  const now = await appliedMigrations(db);
  if (known.some((m) => !now.includes(m.version))) await migrate(db, known);
  return restored;
}

/**
 * pg_dump opens with SET lines for its session; one of a later PostgreSQL
 * (transaction_timeout, 17 and later) is unknown to an older server and
 * would fail the whole restore, so a setting the target does not have is
 * left out.
 */
async function withoutUnknownSettings(db: Queryable, body: string): Promise<string> {
  const rows = await db.query<{ name: string }>('select name from pg_settings');
  const settings = new Set(rows.map((r) => r.name));
  return body
    .split('\n')
    .filter((line) => {
      const set = /^SET (\w+) = .*;$/.exec(line);
      return !set || settings.has(set[1]!);
    })
    .join('\n');
}
