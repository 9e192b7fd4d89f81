/**
 * What a test run makes once and every project reads: the site, built into
 * a folder of the run's own, and one migrated database, as a PGlite
 * snapshot (for the database tests' fresh copies) and as a data folder (for
 * each server a browser test starts). Migrating costs about 5 s of CPU and
 * building 20 s; made once, in parallel, not once per file.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/open.ts';
import { openPostgres } from '../../server/db/engine.ts';
import { createMigratedScratch, type ScratchDatabase } from '../../server/db/scratch.ts';
import { SUPABASE_VARIABLES } from '../../src/lib/supabase-env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built site. */
    siteDir: string;
    /** What its `astro build` printed, standard output and error together. */
    siteBuildLog: string;
    /** A PGlite data folder with every migration applied, as the server leaves it at its first start. */
    migratedDataDir: string;
    /** The same database as a PGlite snapshot file (PGlite's dumpDataDir). */
    migratedSnapshot: string;
    /** With DATABASE_URL: a migrated database on that server, the template of every fresh one; '' without. */
    postgresTemplate: string;
  }
}

export type Fixture = 'site' | 'database';

interface Made {
  dir: string;
  provided: Partial<ProvidedContext>;
  /** What else the teardown removes. */
  drop?: () => Promise<void>;
}

interface Shared {
  made: Partial<Record<Fixture, Promise<Made>>>;
  users: number;
}

// Each project may load this module on its own: what is made is kept on the process.
const KEY = Symbol.for('map-your-contradictions.run-fixtures');
const holder = globalThis as typeof globalThis & { [KEY]?: Shared };

/**
 * The site as `npm start` builds it, for its own origin: any Supabase
 * project's variables in the environment are left out (as is vitest's
 * NODE_ENV=test, which would pick another mode).
 */
async function buildSite(): Promise<Made> {
  const dir = mkdtempSync(join(tmpdir(), 'mc-site-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  for (const name of [...SUPABASE_VARIABLES, 'NODE_ENV']) delete env[name];
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', dir],
    {
      env,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return { dir, provided: { siteDir: dir, siteBuildLog: `${stdout}${stderr}` } };
}

/**
 * The data folder as `npm start` leaves it on a fresh machine, and its
 * snapshot; with DATABASE_URL, the same migrations on that server too, as
 * the template the database tests copy (migrating there takes seconds each
 * time, copying a template a fraction of one).
 */
async function migratedDatabase(): Promise<Made> {
  const dir = mkdtempSync(join(tmpdir(), 'mc-migrated-'));
  const dataDir = join(dir, 'data');
  const template = process.env.DATABASE_URL ? createMigratedScratch().then(publishingEverySave) : undefined;
  const db = await openDatabase({ dataDir });
  try {
    await db.query(PUBLISH_EVERY_SAVE);
    const snapshotFile = join(dir, 'snapshot.tar');
    writeFileSync(snapshotFile, Buffer.from(await (await db.snapshot!()).arrayBuffer()));
    const postgres = await template;
    return {
      dir,
      provided: {
        migratedSnapshot: snapshotFile,
        migratedDataDir: dataDir,
        postgresTemplate: postgres ? new URL(postgres.url).pathname.slice(1) : '',
      },
      drop: postgres?.drop,
    };
  } finally {
    await db.close();
  }
}

/**
 * The tests' databases publish every save and withdrawal at once (a batch
 * of one, through the settings row an operator would use), so that a test
 * of a figure need not save ten times first. The tests of the batches
 * themselves (tests/db/publication.test.ts, tests/server/publication-poller.test.ts)
 * delete the row and run on the product's batch.
 */
export const PUBLISH_EVERY_SAVE = `insert into private.settings (name, value, about)
  values ('publish_batch', '1', 'the tests publish every save at once')`;

async function publishingEverySave(scratch: ScratchDatabase): Promise<ScratchDatabase> {
  const db = await openPostgres(scratch.url, 1);
  try {
    await db.query(PUBLISH_EVERY_SAVE);
  } finally {
    await db.close();
  }
  return scratch;
}

/** Makes one fixture and says how long it took: a phase of the run whoever reads its log should see. */
function timed(what: string, make: () => Promise<Made>): () => Promise<Made> {
  return async () => {
    const started = performance.now();
    const made = await make();
    console.log(`Run fixture: ${what} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return made;
  };
}

const MAKERS: Record<Fixture, () => Promise<Made>> = {
  site: timed('the site built', buildSite),
  database: timed('the database migrated', migratedDatabase),
};

/**
 * Provides the fixtures a project needs, making those no project of this run
 * has made (or is making), side by side; returns the teardown.
 */
export async function provideRunFixtures(
  project: TestProject,
  needs: readonly Fixture[],
): Promise<() => Promise<void>> {
  const shared = (holder[KEY] ??= { made: {}, users: 0 });
  shared.users += 1;
  const made = await Promise.all(needs.map((fixture) => (shared.made[fixture] ??= MAKERS[fixture]())));
  for (const { provided } of made) {
    for (const key of Object.keys(provided) as (keyof ProvidedContext)[]) project.provide(key, provided[key]!);
  }
  return async () => {
    if (--shared.users > 0) return;
    delete holder[KEY];
    for (const one of await Promise.allSettled(Object.values(shared.made))) {
      if (one.status !== 'fulfilled') continue;
      rmSync(one.value.dir, { recursive: true, force: true });
      await one.value.drop?.();
    }
  };
}
