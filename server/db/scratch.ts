/**
 * Throw-away databases on the PostgreSQL server DATABASE_URL names, for
 * tests and for the scripts that need a freshly migrated database (type
 * generation, SQL lints). Nothing else on that server is touched.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from './engine.ts';
import { migrate } from './migrate.ts';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database on the server adminUrl points to, dropped on drop(): empty,
 * or a copy of `template` (a database no session is connected to), which
 * the server makes in a fraction of the time migrating would take.
 */
export async function createScratchPostgres(
  adminUrl = process.env.DATABASE_URL,
  template?: string,
): Promise<ScratchDatabase> {
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  if (template !== undefined && !/^mc_test_[0-9a-f]{12}$/.test(template)) {
    throw new Error(`not a scratch database: ${template}`);
  }
  const name = `mc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // A closed pool's sessions may take a moment to leave; forcing them
        // out would make their clients raise errors after the work is over.
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

/** A scratch database with every migration applied, dropped on drop(). */
export async function createMigratedScratch(adminUrl?: string): Promise<ScratchDatabase> {
  const scratch = await createScratchPostgres(adminUrl);
  try {
    const db = await openPostgres(scratch.url, 2);
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    return scratch;
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/** Runs work against a scratch database with every migration applied, then drops it. */
export async function withMigratedScratch<T>(work: (url: string) => Promise<T>, adminUrl?: string): Promise<T> {
  const scratch = await createMigratedScratch(adminUrl);
  try {
    return await work(scratch.url);
  } finally {
    await scratch.drop();
  }
}
