/**
 * Names expire on the local server's database as on a hosted project, where
 * pg_cron runs the same function every hour: at start, then hourly
 * (supabase/schemas/70_name_retention.sql).
 */
import type { Queryable } from './db/engine.ts';

export const NAME_RETENTION_EVERY_MS = 60 * 60 * 1000;

/** How many names were older than the retention and are now erased. */
export async function eraseExpiredNames(db: Queryable): Promise<number> {
  const [row] = await db.query<{ erased: number }>('select private.erase_expired_names() as erased');
  return row?.erased ?? 0;
}

/** The retention in whole days, as private.settings' check takes it. */
export const MAX_RETENTION_DAYS = 999_999;

/**
 * NAME_RETENTION_DAYS: whole days from 1 to 999,999, or unset to leave the
 * database's setting as it is. Throws, naming the variable, on anything else.
 */
export function readRetentionDays(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const days = /^[1-9]\d*$/.test(value) ? Number(value) : NaN;
  if (!(days <= MAX_RETENTION_DAYS)) {
    throw new Error(`NAME_RETENTION_DAYS must be whole days from 1 to ${MAX_RETENTION_DAYS}, not "${value}"`);
  }
  return days;
}

/**
 * Sets how many days names are kept (private.settings' name_retention_days):
 * what NAME_RETENTION_DAYS asks for at start. Names already older than the
 * new retention go at the next erasure, which the server runs right after.
 */
export async function setNameRetentionDays(db: Queryable, days: number): Promise<void> {
  const rows = await db.query(
    "update private.settings set value = $1 where name = 'name_retention_days' returning name",
    [String(days)],
  );
  if (rows.length === 0) {
    throw new Error(
      'NAME_RETENTION_DAYS is set, but the database keeps names for good (its name_retention_days setting was deleted): put the setting back first (docs/backend.md)',
    );
  }
}

export interface NameRetention {
  stop(): void;
}

export type RetentionLog = Pick<Console, 'info' | 'error'>;

/**
 * Erases the expired names now, then every `everyMs`. A failed run is
 * logged and the next one tries again; the timer never keeps the process
 * alive on its own.
 */
export async function eraseExpiredNamesHourly(
  db: Queryable,
  options: { everyMs?: number; log?: RetentionLog } = {},
): Promise<NameRetention> {
  const { everyMs = NAME_RETENTION_EVERY_MS, log = console } = options;
  const run = async () => {
    try {
      const erased = await eraseExpiredNames(db);
      if (erased > 0) log.info(`Erased ${erased} ${erased === 1 ? 'name' : 'names'} older than the retention`);
    } catch (error) {
      log.error(`Could not erase expired names: ${(error as Error).message}`);
    }
  };
  await run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
