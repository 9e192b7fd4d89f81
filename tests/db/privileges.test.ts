import { expect, it } from 'vitest';
import { asAnon, forEachEngine } from '../support/engines.ts';

// Each table with one of its columns, for an update that is otherwise valid.
const TABLES: [string, string][] = [
  ['responses', 'name'],
  ['answer_counts', 'count'],
  ['answer_scores', 'love'],
  ['scoring_constants', 'quadrant_split'],
  ['hidden_page_secret', 'password_hash'],
];

forEachEngine('anon reaches no table directly', ({ db }) => {
  it.each(TABLES)('cannot select, insert, update or delete %s', async (table, column) => {
    const attempts = [
      `select * from public.${table}`,
      `insert into public.${table} default values`,
      `update public.${table} set ${column} = ${column}`,
      `delete from public.${table}`,
    ];
    for (const sql of attempts) {
      await expect(asAnon(db(), sql), sql).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('has no privilege of any kind on any table in public, nor has authenticated', async () => {
    const rows = await db().query<{ grantee: string; table_name: string; privilege_type: string }>(
      `select grantee, table_name, privilege_type from information_schema.role_table_grants
        where table_schema = 'public' and grantee in ('anon', 'authenticated', 'PUBLIC')`,
    );
    expect(rows).toEqual([]);
  });

  it('keeps row level security on for every table in public', async () => {
    const rows = await db().query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(TABLES.length);
    for (const r of rows) expect(r, r.relname).toMatchObject({ relrowsecurity: true });
  });

  it('lets anon execute exactly the API functions, all security definer with an empty search_path', async () => {
    const rows = await db().query<{ proname: string; anon: boolean; definer: boolean; config: string[] | null }>(
      `select p.proname, has_function_privilege('anon', p.oid, 'execute') as anon,
              p.prosecdef as definer, p.proconfig as config
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' order by 1`,
    );
    const executable = rows.filter((r) => r.anon).map((r) => r.proname);
    expect(executable).toContain('submit_response');
    expect(executable).toContain('response_stats');
    expect(executable).not.toContain('set_hidden_page_password');
    for (const r of rows.filter((r) => r.anon)) {
      expect(r.definer, r.proname).toBe(true);
      expect(r.config, r.proname).toContain('search_path=""');
    }
  });

  it('refuses set_hidden_page_password to anon', async () => {
    await expect(
      asAnon(db(), 'select public.set_hidden_page_password($1)', ['a long enough password']),
    ).rejects.toMatchObject({ code: '42501' });
  });
});
