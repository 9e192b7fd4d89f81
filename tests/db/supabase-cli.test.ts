/**
 * Supabase's own CLI, pinned in package.json, on a fresh database of the
 * DATABASE_URL server holding what a project has before any migration (the
 * API roles): `supabase db push --db-url` must build the database that
 * supabase/schemas/ declares, object for object, and `supabase db lint
 * --level warning` must find nothing that scripts/sql-lint-findings.ts does
 * not list. These are the commands docs/deploy.md shows.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lintFunctions,
  parseLint,
  plpgsqlCheckPackage,
  pushMigrations,
  type CliRun,
} from '../../scripts/supabase-cli.ts';
import { staleFindings, unknownFindings } from '../../scripts/sql-lint-findings.ts';
import { openPostgres, type Database } from '../../server/db/engine.ts';
import { ROLES_SQL, readMigrations } from '../../server/db/migrate.ts';
import { applySchema } from '../../server/db/schema.ts';
import { createScratchPostgres, type ScratchDatabase } from '../../server/db/scratch.ts';
import { catalogDifferences, readCatalog } from '../support/catalog.ts';
import { emptyDatabase, type FreshDatabase } from '../support/db-engines.ts';

/** A scratch database with the API roles a hosted project already has, and nothing else. */
async function projectLikeDatabase(): Promise<{ scratch: ScratchDatabase; db: Database }> {
  const scratch = await createScratchPostgres();
  const db = await openPostgres(scratch.url, 2);
  await db.exec(readFileSync(ROLES_SQL, 'utf8'));
  return { scratch, db };
}

async function dispose(target: { scratch: ScratchDatabase; db: Database } | undefined): Promise<void> {
  await target?.db.close();
  await target?.scratch.drop();
}

describe.runIf(process.env.DATABASE_URL)("Supabase's CLI", () => {
  let pushed: { scratch: ScratchDatabase; db: Database } | undefined;
  let probe: { scratch: ScratchDatabase; db: Database } | undefined;
  let declared: FreshDatabase | undefined;
  let push: CliRun;

  beforeAll(async () => {
    pushed = await projectLikeDatabase();
    push = await pushMigrations(pushed.scratch.url);
  }, 120_000);
  afterAll(async () => {
    await dispose(pushed);
    await dispose(probe);
    await declared?.dispose();
  });

  it('db push applies every migration once and records each where the CLI and the local server look', async () => {
    expect(push.code, push.stderr).toBe(0);
    const recorded = await pushed!.db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
  });

  it('db push builds the database that supabase/schemas/ declares, object for object', async () => {
    declared = await emptyDatabase('postgres');
    await applySchema(declared.db);
    const differences = catalogDifferences(await readCatalog(pushed!.db), await readCatalog(declared.db));
    expect(differences, differences.join('\n')).toEqual([]);
  }, 120_000);

  it('db lint --level warning finds nothing unlisted on the pushed database, and every listed finding is still there', async () => {
    const [server] = await pushed!.db.query<{ available: boolean; major: number }>(
      `select exists (select 1 from pg_available_extensions where name = 'plpgsql_check') as available,
              current_setting('server_version_num')::int / 10000 as major`,
    );
    expect(
      server!.available,
      `db lint needs plpgsql_check on the server: install Debian's ${plpgsqlCheckPackage(server!.major)}`,
    ).toBe(true);
    const { run, findings } = await lintFunctions(pushed!.scratch.url);
    expect(unknownFindings(findings), JSON.stringify(findings, null, 1)).toEqual([]);
    expect(staleFindings(findings, ['plpgsql_check'])).toEqual([]);
    expect(run.code, run.stderr).toBe(findings.length > 0 ? 1 : 0);
  }, 120_000);

  it('db lint reports an implicit cast, by function and variable, and fails on it', async () => {
    probe = await projectLikeDatabase();
    await probe.db.exec(`
      create function public.lint_probe() returns integer language plpgsql as $$
      declare picked integer[] := '{}';
      begin return cardinality(picked); end $$;`);
    const { run, findings } = await lintFunctions(probe.scratch.url);
    expect(findings).toEqual([
      {
        rule: 'plpgsql_check',
        where: 'public.lint_probe: during statement block local variable "picked" initialization',
        message: 'warning: target type is different type than source type (cast "text" value to "integer[]" type)',
      },
    ]);
    expect(run.code).toBe(1);
    expect(unknownFindings(findings)).toHaveLength(1);
  }, 120_000);

  it('reads a lint that found nothing as no finding', () => {
    expect(parseLint('')).toEqual([]);
  });
});
