/**
 * supabase/schemas is the readable definition, the migrations are the
 * applied history: one database built from each must have the same catalog.
 * A difference fails and names the object, with both definitions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySchema } from '../../server/db/schema.ts';
import { availableEngines, emptyDatabase, freshDatabase, type FreshDatabase } from '../support/db-engines.ts';
import { catalogDifferences, readCatalog, type Catalog } from '../support/catalog.ts';

for (const engine of availableEngines()) {
  describe(`the declared schema and the migrations [${engine}]`, () => {
    let migrated: FreshDatabase | undefined;
    let declared: FreshDatabase | undefined;
    let fromMigrations: Catalog;

    beforeAll(async () => {
      migrated = await freshDatabase(engine);
      // The migrations alone, without the row the tests' databases add (tests/support/run-fixtures.ts).
      await migrated.db.query("delete from private.settings where name = 'publish_batch'");
      declared = await emptyDatabase(engine);
      await applySchema(declared.db);
      fromMigrations = await readCatalog(migrated.db);
    }, 300_000);
    afterAll(async () => {
      await migrated?.dispose();
      await declared?.dispose();
    });

    it('build the same tables, columns, constraints, indexes, functions, triggers, grants, policies and reference rows', async () => {
      const differences = catalogDifferences(fromMigrations, await readCatalog(declared!.db));
      expect(differences, differences.join('\n')).toEqual([]);
    });

    it('are compared on every kind of object the API stands on', () => {
      const kinds = new Set([...fromMigrations.keys()].map((k) => k.split(' ')[0]));
      expect([...kinds].sort()).toEqual(
        [
          'column',
          'constraint',
          'default',
          'extension',
          'function',
          'index',
          'relation',
          'rows',
          'schema',
          'trigger',
        ].sort(),
      );
      expect(
        fromMigrations.get(
          'function private.submit_response(submission_id uuid, name jsonb, answers jsonb, withdrawal_secret text)',
        ),
      ).toMatch(/SECURITY DEFINER[\s\S]*anon:EXECUTE/);
    });

    it('name the object when a definition drifts', async () => {
      const drifted = await declared!.db
        .transaction(async (tx) => {
          await tx.exec(`
            create or replace function private.clock() returns timestamptz
            language sql stable set search_path = '' as $$ select now() $$;
            alter table private.limits disable row level security;
            grant select on public.responses to anon;`);
          throw new DriftRead(catalogDifferences(fromMigrations, await readCatalog(tx)));
        })
        .catch((e: unknown) => (e instanceof DriftRead ? e.differences : Promise.reject(e)));
      expect(drifted.map((d) => d.split('\n')[0])).toEqual([
        'function private.clock() differs',
        'relation private.limits differs',
        'relation public.responses differs',
      ]);
    });
  });
}

/** Carries what the drifted catalog said out of a transaction that must roll back. */
class DriftRead extends Error {
  readonly differences: string[];
  constructor(differences: string[]) {
    super('rolled back');
    this.differences = differences;
  }
}
