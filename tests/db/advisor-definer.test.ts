/**
 * Supabase's advisor lints 0028 and 0029 (anon_/authenticated_security_definer_function_executable),
 * which the language server's bundled splinter does not carry yet: a
 * SECURITY DEFINER function that anon or authenticated can execute, in a
 * schema PostgREST exposes. Our own query of the same condition, as
 * splinter's current lints state it: the exposed schemas are PostgREST's
 * `pgrst.db_schemas` when the database carries it, else Supabase's default.
 */
import { expect, it } from 'vitest';
import type { Queryable } from '../../server/db/engine.ts';
import { migrate, readMigrations } from '../../server/db/migrate.ts';
import { forEachEngine, forEachUnmigratedEngine } from '../support/db-engines.ts';

/** What a hosted project's PostgREST exposes unless configured otherwise. */
const SUPABASE_EXPOSED_SCHEMAS = 'public, graphql_public';

/** The first migration that moves the API's definers behind invoker wrappers. */
const DEFINERS_MOVED = '20261126100000';

/** One line per warning, `<lint> <function>`, as the dashboard would list them. */
async function definerWarnings(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ warning: string }>(
    `with exposed as (
       select btrim(s) as schema
         from unnest(string_to_array(coalesce(nullif(current_setting('pgrst.db_schemas', true), ''), $1), ',')) as s
     )
     select r.role || '_security_definer_function_executable '
            || n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as warning
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       cross join unnest(array['anon', 'authenticated']) as r(role)
      where p.prosecdef
        and has_function_privilege(r.role, p.oid, 'execute')
        and n.nspname in (select e.schema from exposed e)`,
    [SUPABASE_EXPOSED_SCHEMAS],
  );
  return rows.map((r) => r.warning).sort();
}

const both = (fns: string[]) =>
  ['anon', 'authenticated'].flatMap((role) => fns.map((fn) => `${role}_security_definer_function_executable ${fn}`));

forEachEngine('advisor lints 0028/0029 over the migrated schema', ({ db }) => {
  it('finds no definer that the API roles can execute in an exposed schema', async () => {
    expect(await definerWarnings(db())).toEqual([]);
  });

  it('finds a definer granted to anon in public, and in private once private is exposed', async () => {
    const rollback = new Error('rolled back on purpose');
    const seen: string[][] = [];
    await expect(
      db().transaction(async (tx) => {
        await tx.exec(`
          create function public.lint_probe() returns int language sql security definer set search_path = '' as $$ select 1 $$;
          grant execute on function public.lint_probe() to anon;
          create function public.lint_invoker() returns int language sql set search_path = '' as $$ select 1 $$;
          grant execute on function public.lint_invoker() to anon, authenticated;`);
        seen.push(await definerWarnings(tx));
        await tx.exec(`set local pgrst.db_schemas = 'public, private'`);
        seen.push(await definerWarnings(tx));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(seen[0]).toEqual(['anon_security_definer_function_executable public.lint_probe()']);
    // Exposing private would put every definer behind the API back in reach.
    expect(seen[1]).toEqual(expect.arrayContaining(['anon_security_definer_function_executable private.insights()']));
    expect(seen[1]!.length).toBeGreaterThan(seen[0]!.length + 10);
  });
});

forEachUnmigratedEngine('advisor lints 0028/0029 over the schema before the definers moved', ({ db }) => {
  it('find the 12 warnings the advisor gave: six API functions, each for anon and for authenticated', async () => {
    await migrate(
      db(),
      readMigrations().filter((m) => m.version < DEFINERS_MOVED),
    );
    const warnings = await definerWarnings(db());
    expect(warnings).toHaveLength(12);
    expect(warnings).toEqual(
      both([
        'public.answer_shares()',
        'public.find_respondents(password text, query text)',
        'public.insights()',
        'public.response_stats()',
        'public.secret_insights(password text)',
        'public.submit_response(submission_id uuid, name text, answers jsonb)',
      ]).sort(),
    );
  });
});
