/**
 * Supabase's database advisor rules, as tests over the migrated schema:
 * row level security everywhere and no table, sequence or schema handed to
 * the API roles; anon executes exactly the documented API; every function
 * pins its search_path; no extension in public; and anything a future
 * migration creates starts closed.
 */
import { expect, it } from 'vitest';
import type { Queryable } from '../../server/db/engine.ts';
import { asAnon, forEachEngine } from '../support/db-engines.ts';

/** Every function anon and authenticated may call through the API: docs/backend.md's API section lists the same. */
const API_FUNCTIONS = [
  'public.answer_shares()',
  'public.create_group(jsonb)',
  'public.delete_group(text)',
  'public.export_respondents(text, bigint, integer, text)',
  'public.find_respondents(text, text, text)',
  'public.group_csv_rows(text)',
  'public.group_info(text)',
  'public.group_map(text)',
  'public.hidden_page_insights(text, text)',
  'public.insights()',
  'public.join_group(text, uuid, text, text)',
  'public.leave_group(text)',
  'public.remove_group_member(text, bigint)',
  'public.rename_group(text, jsonb)',
  'public.response_stats()',
  'public.set_group_open(text, boolean)',
  'public.submit_response(uuid, jsonb, jsonb, text)',
  'public.unlock_hidden_page(text)',
  'public.withdraw_response(uuid, text)',
];

/** The definers behind them, in the schema PostgREST does not expose; each keeps its wrapper's contract. */
const API_DEFINERS = [
  'private.answer_shares()',
  'private.create_group(jsonb)',
  'private.delete_group(text)',
  'private.export_respondents(text, bigint, integer, text)',
  'private.find_respondents(text, text, text)',
  'private.group_csv_rows(text)',
  'private.group_info(text)',
  'private.group_map(text)',
  'private.hidden_page_insights(text, text)',
  'private.insights()',
  'private.join_group(text, uuid, text, text)',
  'private.leave_group(text)',
  'private.remove_group_member(text, bigint)',
  'private.rename_group(text, jsonb)',
  'private.response_stats()',
  'private.set_group_open(text, boolean)',
  'private.submit_response(uuid, jsonb, jsonb, text)',
  'private.unlock_hidden_page(text)',
  'private.withdraw_response(uuid, text)',
];

const EXECUTABLE = [...API_DEFINERS, ...API_FUNCTIONS];

const OUR_SCHEMAS = ['public', 'private'];
const API_ROLES = ['anon', 'authenticated'];

/** Grants on tables, sequences, functions and schemas of ours to an API role or to PUBLIC. */
async function grantsToApiRoles(db: Queryable, kinds: string[]) {
  return db.query<{ object: string; grantee: string; privilege: string }>(
    `with objects as (
       select c.oid::regclass::text as object, c.relacl as acl,
              case c.relkind when 'S' then 'sequence' else 'table' end as kind
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
       union all
       select n.nspname || '.' || p.proname || '(' || oidvectortypes(p.proargtypes) || ')', p.proacl, 'function'
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any ($1)
       union all
       select n.nspname, n.nspacl, 'schema' from pg_namespace n where n.nspname = any ($1)
     )
     select o.object, case a.grantee when 0 then 'PUBLIC' else a.grantee::regrole::text end as grantee,
            a.privilege_type as privilege
       from objects o cross join lateral aclexplode(o.acl) a
      where o.kind = any ($2) and (a.grantee = 0 or a.grantee::regrole::text = any ($3))
      order by 1, 2, 3`,
    [OUR_SCHEMAS, kinds, API_ROLES],
  );
}

// Each table with one of its columns, for an update that is otherwise valid.
const TABLES: [string, string][] = [
  ['public.responses', 'name'],
  ['public.answer_counts', 'count'],
  ['public.answer_scores', 'love'],
  ['public.scoring_constants', 'quadrant_split'],
  ['public.hidden_page_secret', 'password_hash'],
  ['public.response_summary', 'respondents'],
  ['public.response_quadrants', 'respondents'],
  ['private.limits', 'max_count'],
  ['private.clock', 'ahead'],
  ['private.settings', 'value'],
  ['private.client_events', 'kind'],
  ['private.client_event_counts', 'events'],
  ['private.client_address_key', 'key'],
  ['private.password_lockouts', 'until'],
  ['private.withdrawable_answers', 'sealed'],
  ['private.withdrawable_answers_recent', 'sealed'],
  ['private.withdrawn_submissions', 'submission_hash'],
  ['private.vacuum_due', 'relation'],
  ['private.hidden_page_keys', 'expires_at'],
  ['private.groups', 'name'],
  ['private.group_members', 'joined_at'],
  ['private.publication', 'pending'],
  ['private.published_summary', 'respondents'],
  ['private.published_quadrants', 'respondents'],
  ['private.published_answer_counts', 'count'],
];

forEachEngine('the database advisor rules', ({ db }) => {
  it.each(TABLES)('refuses anon any select, insert, update or delete on %s', async (table, column) => {
    for (const sql of [
      `select * from ${table}`,
      `insert into ${table} default values`,
      `update ${table} set ${column} = ${column}`,
      `delete from ${table}`,
    ]) {
      await expect(asAnon(db(), sql), sql).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('knows every table of public and private, so that each one is tried above', async () => {
    const rows = await db().query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'f') order by 1`,
      [OUR_SCHEMAS],
    );
    expect(rows.map((r) => r.name)).toEqual(TABLES.map(([t]) => t).sort());
  });

  it('refuses set_hidden_page_password to anon', async () => {
    await expect(
      asAnon(db(), 'select public.set_hidden_page_password($1)', ['a long enough password']),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('keeps row level security on for every table in public and private', async () => {
    const rows = await db().query<{ relname: string; rls: boolean }>(
      `select c.oid::regclass::text as relname, c.relrowsecurity as rls
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any ($1) and c.relkind in ('r', 'p') order by 1`,
      [OUR_SCHEMAS],
    );
    expect(rows.map((r) => r.relname)).toEqual(
      expect.arrayContaining([
        'answer_counts',
        'responses',
        'response_quadrants',
        'private.limits',
        'private.client_event_counts',
        'private.client_address_key',
        'private.hidden_page_keys',
      ]),
    );
    expect(rows.filter((r) => !r.rls)).toEqual([]);
  });

  it('grants no table, view or sequence of public or private to anon, authenticated or PUBLIC', async () => {
    expect(await grantsToApiRoles(db(), ['table', 'sequence'])).toEqual([]);
  });

  it('refuses anon the identity sequence of responses', async () => {
    for (const sql of [
      "select setval('public.responses_id_seq', 1000000)",
      "select nextval('public.responses_id_seq')",
      'select last_value from public.responses_id_seq',
    ]) {
      await expect(asAnon(db(), sql), sql).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('lets anon and authenticated execute exactly the API functions, in every schema they can reach', async () => {
    for (const role of API_ROLES) {
      const rows = await db().query<{ fn: string }>(
        `select n.nspname || '.' || p.proname || '(' || oidvectortypes(p.proargtypes) || ')' as fn
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname not in ('pg_catalog', 'information_schema')
            and has_schema_privilege($1, n.oid, 'usage')
            and has_function_privilege($1, p.oid, 'execute')
          order by 1`,
        [role],
      );
      expect(
        rows.map((r) => r.fn),
        role,
      ).toEqual(EXECUTABLE);
    }
  });

  it('grants execute on functions of public and private to no one but the API list (and the operator)', async () => {
    const grants = await grantsToApiRoles(db(), ['function']);
    expect(grants.every((g) => g.grantee !== 'PUBLIC')).toBe(true);
    expect([...new Set(grants.map((g) => g.object))].sort()).toEqual(EXECUTABLE);
    const [operator] = await db().query<{ service: boolean }>(
      `select has_function_privilege('service_role', 'public.set_hidden_page_password(text)', 'execute') as service`,
    );
    expect(operator!.service).toBe(true);
  });

  it('pins the search_path of every function in public and private, to empty for security definers', async () => {
    const rows = await db().query<{ fn: string; definer: boolean; config: string[] | null }>(
      `select n.nspname || '.' || p.proname || '(' || oidvectortypes(p.proargtypes) || ')' as fn, p.prosecdef as definer, p.proconfig as config
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any ($1) order by 1`,
      [OUR_SCHEMAS],
    );
    expect(rows.length).toBeGreaterThan(20);
    const unpinned = rows.filter((r) => !(r.config ?? []).some((c) => c.startsWith('search_path=')));
    expect(unpinned.map((r) => r.fn)).toEqual([]);
    const loose = rows.filter((r) => r.definer && !(r.config ?? []).includes('search_path=""'));
    expect(loose.map((r) => r.fn)).toEqual([]);
  });

  it('keeps every extension out of public', async () => {
    const rows = await db().query<{ extname: string; schema: string }>(
      `select e.extname, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where n.nspname = 'public'`,
    );
    expect(rows).toEqual([]);
  });

  it('lets the API roles use public, and private for its granted definers alone, and create in no schema', async () => {
    for (const role of API_ROLES) {
      const rows = await db().query<{ schema: string; usage: boolean; create: boolean }>(
        `select n.nspname as schema, has_schema_privilege($1, n.oid, 'usage') as usage,
                has_schema_privilege($1, n.oid, 'create') as create
           from pg_namespace n
          where n.nspname in ('public', 'private', 'extensions', 'supabase_migrations') order by 1`,
        [role],
      );
      expect(rows, role).toEqual([
        { schema: 'extensions', usage: false, create: false },
        { schema: 'private', usage: true, create: false },
        { schema: 'public', usage: true, create: false },
        { schema: 'supabase_migrations', usage: false, create: false },
      ]);
    }
  });

  it('leaves whatever a later migration forgets to revoke closed to the API roles', async () => {
    const rollback = new Error('rolled back on purpose');
    const seen: Record<string, unknown>[] = [];
    await expect(
      db().transaction(async (tx) => {
        await tx.exec(`
          create function public.forgot_its_revoke() returns int language sql set search_path = '' as $$ select 1 $$;
          create function private.forgot_its_revoke() returns int language sql set search_path = '' as $$ select 1 $$;
          create table public.forgot_its_revoke (id bigint generated always as identity primary key);`);
        seen.push(
          ...(await tx.query(`
          select has_function_privilege(r, 'public.forgot_its_revoke()', 'execute') as public_function,
                 has_function_privilege(r, 'private.forgot_its_revoke()', 'execute') as private_function,
                 has_table_privilege(r, 'public.forgot_its_revoke', 'select, insert, update, delete') as table_access,
                 has_sequence_privilege(r, 'public.forgot_its_revoke_id_seq', 'usage, select, update') as sequence_access
            from unnest(array['anon', 'authenticated']) as r`)),
        );
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const closed = { public_function: false, private_function: false, table_access: false, sequence_access: false };
    expect(seen).toEqual([closed, closed]);
  });
});
