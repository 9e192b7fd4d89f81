/**
 * Names expire on the local server's database as on a hosted project, where
 * pg_cron runs the same function every hour: at start, then hourly
 * (supabase/schemas/70_name_retention.sql). The same run prunes the
 * throttles' rows that no window needs any more, as pg_cron does there.
 */
import type { Queryable } from './db/engine.ts';

export const NAME_RETENTION_EVERY_MS = 60 * 60 * 1000;

/** How many names were older than the retention and are now erased. */
export async function eraseExpiredNames(db: Queryable): Promise<number> {
  const [row] = await db.query<{ erased: number }>('select private.erase_expired_names() as erased');
  return row?.erased ?? 0;
}

/** How many throttle rows were past every window, lockout or key's life, and are now gone. */
export async function pruneThrottles(db: Queryable): Promise<number> {
  const [row] = await db.query<{ pruned: number }>('select private.prune_throttles() as pruned');
  return row?.pruned ?? 0;
}

export interface NameRetention {
  stop(): void;
}

export type RetentionLog = Pick<Console, 'info' | 'error'>;

/**
 * Erases the expired names and prunes the throttles now, then every `everyMs`. A failed run is
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
    try {
      await pruneThrottles(db);
    } catch (error) {
      log.error(`Could not prune the throttles: ${(error as Error).message}`);
    }
  };
  await run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
