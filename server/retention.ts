/**
 * Names expire on the local server's database as on a hosted project, where
 * pg_cron runs the same function every hour: at start, then hourly
 * (supabase/schemas/70_name_retention.sql). The same run vacuums what a
 * withdrawal or an erasure removed, so that the removed names leave the
 * table files within the hour (a hosted project has autovacuum alone, which
 * does less: docs/retention.md), and on PGlite, which has no checkpointer,
 * checkpoints so the WAL that held them is deleted. It also prunes the
 * throttles' rows that no window needs any more, and deletes the groups
 * past the group retention (supabase/schemas/80_groups.sql), as pg_cron does there.
 */
import type { Database, Queryable } from './db/engine.ts';

export const NAME_RETENTION_EVERY_MS = 60 * 60 * 1000;

/** PGlite checkpoints only when told: this often, so the WAL stays a few segments. */
const CHECKPOINT_EVERY_MS = 5 * 60 * 1000;

/** The tables private.mark_vacuum_due may name, written out here so that no stored text becomes SQL. */
const VACUUMABLE = new Set([
  'public.responses',
  'private.withdrawable_answers',
  'private.withdrawable_answers_recent',
  'private.groups',
  'private.group_members',
]);

/**
 * Rewritten at every run, whatever was removed: each save rewrites every
 * answer's count and its address's throttle count, and the versions it
 * replaced, left in the file, would tell which answers and which address the
 * save changed; the recent sealed answers, moved out by the run, leave
 * theirs. The tables are a few dozen rows, the last a few hours' saves.
 */
const REWRITTEN_HOURLY = ['public.answer_counts', 'private.client_event_counts', 'private.withdrawable_answers_recent'];

/**
 * How long a rewrite waits for its table. A transaction that has read the
 * table (a long backup) holds the rewrite back, and every save would queue
 * behind the waiting rewrite: it gives up instead, and the next run tries again.
 */
const REWRITE_LOCK_WAIT = '5s';
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * VACUUM FULL of every table a withdrawal or an erasure named since the last
 * run, and of the counts every save rewrites: a plain VACUUM frees a removed row's space but leaves its bytes in
 * the page until a new row overwrites them; a full one writes the table anew
 * and deletes the old file. A table leaves the list only when no transaction
 * still running could see what was removed (VACUUM keeps such rows), and
 * only if no removal was listed since. On PGlite the WAL then moves to a new
 * segment and a checkpoint deletes the old ones. Returns the tables vacuumed.
 */
async function vacuumRemoved(db: Database): Promise<string[]> {
  // Read before the VACUUM: a snapshot taken after it began is newer than every removal listed.
  const listed = (
    await db.query<{ relation: string; removed_by: string; still_seen: boolean }>(
      'select relation, removed_by::text, still_seen from private.vacuum_due_now()',
    )
  ).filter((r) => VACUUMABLE.has(r.relation));
  const due = [...listed.map((r) => r.relation), ...REWRITTEN_HOURLY].sort();
  const done: string[] = [];
  const held: string[] = [];
  await db.session(async (connection) => {
    await connection.exec(`set lock_timeout = '${REWRITE_LOCK_WAIT}'`);
    // VACUUM cannot run in a transaction, nor in a function: one statement each.
    for (const relation of due) {
      try {
        await connection.exec(`vacuum full ${relation}`);
        done.push(relation);
      } catch (error) {
        if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
        held.push(relation);
      }
    }
  });
  for (const { relation, removed_by } of listed.filter((r) => done.includes(r.relation) && !r.still_seen)) {
    await db.query('delete from private.vacuum_due where relation = $1 and removed_by = $2::xid8', [
      relation,
      removed_by,
    ]);
  }
  if (db.engine === 'pglite' && done.length > 0) await db.exec('select pg_switch_wal(); checkpoint;');
  if (held.length > 0) {
    throw new Error(
      `${held.join(', ')} stayed in use for ${REWRITE_LOCK_WAIT} by a transaction that read it; the next run rewrites it`,
    );
  }
  return done;
}

/**
 * The tallies, the sealed answers and the throttles' counts written anew by
 * the run's own transactions, in an order no save decides, so that no row
 * still carries a save's transaction id or place (docs/retention.md). Two
 * transactions: a withdrawal counts itself before it takes the tallies.
 */
async function rewriteSaveTraces(db: Queryable): Promise<void> {
  await db.query('select private.rewrite_save_traces()');
  await db.query('select private.rewrite_client_event_counts()');
}

/** How many names were older than the retention and are now erased. */
async function eraseExpiredNames(db: Queryable): Promise<number> {
  const [row] = await db.query<{ erased: number }>('select private.erase_expired_names() as erased');
  return row?.erased ?? 0;
}

/** How many groups had no join within the group retention, and are now deleted with their memberships. */
async function eraseExpiredGroups(db: Queryable): Promise<number> {
  const [row] = await db.query<{ erased: number }>('select private.erase_expired_groups() as erased');
  return row?.erased ?? 0;
}

/** How many throttle rows were past every window, lockout or key's life, and are now gone. */
async function pruneThrottles(db: Queryable): Promise<number> {
  const [row] = await db.query<{ pruned: number }>('select private.prune_throttles() as pruned');
  return row?.pruned ?? 0;
}

/** The retention in whole days, as private.settings' checks take it. */
const MAX_RETENTION_DAYS = 999_999;

/** The variables that set a retention at start, and the setting of private.settings each sets. */
export const RETENTION_SETTINGS = {
  /** How long a respondent's name is kept (docs/retention.md). */
  NAME_RETENTION_DAYS: { setting: 'name_retention_days', keptForGood: 'the database keeps names for good' },
  /** How long a group is kept after its last join (docs/groups.md). */
  GROUP_RETENTION_DAYS: { setting: 'group_retention_days', keptForGood: 'the database keeps groups for good' },
} as const;

export type RetentionVariable = keyof typeof RETENTION_SETTINGS;

/**
 * A retention variable's value: whole days from 1 to 999,999, or unset to
 * leave the database's setting as it is. Throws, naming the variable, on
 * anything else.
 */
export function readRetentionDays(variable: RetentionVariable, value: string | undefined): number | undefined {
  if (!value) return undefined;
  const days = /^[1-9]\d*$/.test(value) ? Number(value) : NaN;
  if (!(days <= MAX_RETENTION_DAYS)) {
    throw new Error(`${variable} must be whole days from 1 to ${MAX_RETENTION_DAYS}, not "${value}"`);
  }
  return days;
}

/**
 * Sets a retention (a setting of private.settings) as its variable asks at
 * start. What is already older than the new retention goes at the next
 * hourly run, which the server starts right after.
 */
export async function setRetentionDays(db: Queryable, variable: RetentionVariable, days: number): Promise<void> {
  const { setting, keptForGood } = RETENTION_SETTINGS[variable];
  const rows = await db.query('update private.settings set value = $1 where name = $2 returning name', [
    String(days),
    setting,
  ]);
  if (rows.length === 0) {
    throw new Error(
      `${variable} is set, but ${keptForGood} (its ${setting} setting was deleted): put the setting back first (docs/retention.md)`,
    );
  }
}

export interface NameRetention {
  stop(): void;
}

export type RetentionLog = Pick<Console, 'info' | 'error'>;

/**
 * Erases the expired names and prunes the throttles now, then every
 * `everyMs`, and vacuums what was removed; on PGlite it also checkpoints
 * every `checkpointEveryMs`. A failed run is logged and the next one tries
 * again; the timers never keep the process alive on their own.
 */
export async function eraseExpiredNamesHourly(
  db: Database,
  options: { everyMs?: number; checkpointEveryMs?: number; log?: RetentionLog } = {},
): Promise<NameRetention> {
  const { everyMs = NAME_RETENTION_EVERY_MS, checkpointEveryMs = CHECKPOINT_EVERY_MS, log = console } = options;
  const run = async () => {
    try {
      const erased = await eraseExpiredNames(db);
      if (erased > 0) log.info(`Erased ${erased} ${erased === 1 ? 'name' : 'names'} older than the retention`);
    } catch (error) {
      log.error(`Could not erase expired names: ${(error as Error).message}`);
    }
    try {
      const erased = await eraseExpiredGroups(db);
      if (erased > 0) log.info(`Deleted ${erased} ${erased === 1 ? 'group' : 'groups'} past the group retention`);
    } catch (error) {
      log.error(`Could not delete expired groups: ${(error as Error).message}`);
    }
    try {
      await pruneThrottles(db);
    } catch (error) {
      log.error(`Could not prune the throttles: ${(error as Error).message}`);
    }
    try {
      await rewriteSaveTraces(db);
    } catch (error) {
      log.error(`Could not rewrite what the saves wrote: ${(error as Error).message}`);
    }
    try {
      await vacuumRemoved(db);
    } catch (error) {
      log.error(`Could not vacuum what was removed: ${(error as Error).message}`);
    }
  };
  const checkpoint = async () => {
    try {
      await db.exec('checkpoint');
    } catch (error) {
      log.error(`Could not checkpoint: ${(error as Error).message}`);
    }
  };
  await run();
  const timers = [setInterval(() => void run(), everyMs)];
  if (db.engine === 'pglite') timers.push(setInterval(() => void checkpoint(), checkpointEveryMs));
  for (const t of timers) t.unref();
  return { stop: () => timers.forEach((t) => clearInterval(t)) };
}
