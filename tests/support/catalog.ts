/**
 * A database's definition read from its catalog, one entry per object, so
 * that two databases can be compared object by object: what a test reports
 * is the name of what differs, with both definitions.
 */
import type { Queryable } from '../../server/db/engine.ts';

/** Our schemas, and the one the migrations keep their history in (left out). */
const SCHEMAS = ['public', 'private', 'extensions'];

/** Small tables whose rows are part of the definition: reference data, limits, settings. */
const DATA_TABLES = [
  'public.answer_scores',
  'public.scoring_constants',
  'public.response_quadrants',
  'public.response_summary',
  'private.limits',
  'private.settings',
  'private.clock',
];

/** An ACL with the owner's implicit grants spelled out, sorted, so NULL and its explicit equal compare equal. */
const acl = (column: string, kind: string, owner: string) =>
  `(select coalesce(string_agg(e.entry, ' ' order by e.entry), '-')
      from (select format('%s:%s%s', case a.grantee when 0 then 'PUBLIC' else a.grantee::regrole::text end,
                          a.privilege_type, case when a.is_grantable then '*' else '' end) as entry
              from aclexplode(coalesce(${column}, acldefault(${kind}, ${owner}))) a) e)`;

const QUERIES: Record<string, string> = {
  schema: `select n.nspname as key, json_build_object('owner', n.nspowner::regrole::text, 'acl', ${acl('n.nspacl', `'n'::"char"`, 'n.nspowner')}) as def
             from pg_namespace n where n.nspname = any ($1)`,
  extension: `select e.extname as key, json_build_object('schema', e.extnamespace::regnamespace::text, 'version', e.extversion) as def
                from pg_extension e where e.extname <> 'plpgsql'`,
  relation: `select c.relnamespace::regnamespace || '.' || c.relname as key,
                    json_build_object('kind', c.relkind, 'rls', c.relrowsecurity, 'force_rls', c.relforcerowsecurity,
                      'owner', c.relowner::regrole::text,
                      'acl', ${acl('c.relacl', `(case c.relkind when 'S' then 's' else 'r' end)::"char"`, 'c.relowner')},
                      'columns', (select json_agg(a.attname order by a.attnum) from pg_attribute a
                                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)) as def
               from pg_class c where c.relnamespace::regnamespace::text = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')`,
  column: `select c.relnamespace::regnamespace || '.' || c.relname || '.' || a.attname as key,
                  json_build_object('type', format_type(a.atttypid, a.atttypmod), 'not_null', a.attnotnull,
                    'default', pg_get_expr(d.adbin, d.adrelid), 'identity', a.attidentity, 'generated', a.attgenerated,
                    'collation', a.attcollation::regcollation::text, 'acl', a.attacl::text) as def
             from pg_attribute a join pg_class c on c.oid = a.attrelid
             left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
            where c.relnamespace::regnamespace::text = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'f')
              and a.attnum > 0 and not a.attisdropped`,
  constraint: `select k.connamespace::regnamespace || '.' || coalesce((select c.relname from pg_class c where c.oid = k.conrelid), '') || ' ' || k.conname as key,
                      json_build_object('def', pg_get_constraintdef(k.oid), 'deferrable', k.condeferrable) as def
                 from pg_constraint k where k.connamespace::regnamespace::text = any ($1)`,
  index: `select c.relnamespace::regnamespace || '.' || c.relname as key, to_json(pg_get_indexdef(i.indexrelid)) as def
            from pg_index i join pg_class c on c.oid = i.indexrelid
           where c.relnamespace::regnamespace::text = any ($1)`,
  function: `select format('%s.%s(%s)', p.pronamespace::regnamespace, p.proname, pg_get_function_identity_arguments(p.oid)) as key,
                    json_build_object('definition', pg_get_functiondef(p.oid), 'owner', p.proowner::regrole::text,
                      'acl', ${acl('p.proacl', `'f'::"char"`, 'p.proowner')}) as def
               from pg_proc p where p.pronamespace::regnamespace::text = any ($1)
                and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  trigger: `select c.relnamespace::regnamespace || '.' || c.relname || ' ' || t.tgname as key, json_build_object('def', pg_get_triggerdef(t.oid), 'enabled', t.tgenabled) as def
              from pg_trigger t join pg_class c on c.oid = t.tgrelid
             where not t.tgisinternal and c.relnamespace::regnamespace::text = any ($1)`,
  policy: `select p.schemaname || '.' || p.tablename || ' ' || p.policyname as key,
                  json_build_object('permissive', p.permissive, 'roles', p.roles, 'cmd', p.cmd, 'using', p.qual, 'check', p.with_check) as def
             from pg_policies p where p.schemaname = any ($1)`,
  'default privileges': `select format('%s in %s on %s', d.defaclrole::regrole, coalesce(d.defaclnamespace::regnamespace::text, 'every schema'),
                                d.defaclobjtype) as key,
                                to_json(${acl('d.defaclacl', 'd.defaclobjtype', 'd.defaclrole')}) as def
                           from pg_default_acl d`,
};

export type Catalog = Map<string, string>;

/** One line per attribute, a function's definition line by line, so a difference shows as the lines that differ. */
function describe(def: unknown): string {
  if (typeof def !== 'object' || def === null) return String(def);
  return Object.entries(def)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
}

export async function readCatalog(db: Queryable): Promise<Catalog> {
  const catalog: Catalog = new Map();
  for (const [kind, sql] of Object.entries(QUERIES)) {
    const params = sql.includes('$1') ? [SCHEMAS] : [];
    for (const row of await db.query<{ key: string; def: unknown }>(sql, params)) {
      catalog.set(`${kind} ${row.key}`, describe(row.def));
    }
  }
  for (const table of DATA_TABLES) {
    const [row] = await db.query<{ rows: unknown }>(
      `select coalesce(json_agg(r order by r::text), '[]') as rows from (select to_jsonb(t) as r from ${table} t) s`,
    );
    catalog.set(`rows of ${table}`, JSON.stringify(row?.rows));
  }
  return catalog;
}

/** Every object whose definition differs, named, with both sides; empty when the two agree. */
export function catalogDifferences(migrated: Catalog, declared: Catalog): string[] {
  const names = [...new Set([...migrated.keys(), ...declared.keys()])].sort();
  return names.flatMap((name) => {
    const a = migrated.get(name);
    const b = declared.get(name);
    if (a === b) return [];
    if (b === undefined) return [`${name}: in the migrations, missing from supabase/schemas`];
    if (a === undefined) return [`${name}: in supabase/schemas, not in the migrations`];
    const left = a.split('\n');
    const right = b.split('\n');
    const lines = [
      ...left.filter((l) => !right.includes(l)).map((l) => `  migrations: ${l}`),
      ...right.filter((l) => !left.includes(l)).map((l) => `  schema:     ${l}`),
    ];
    return [`${name} differs\n${lines.join('\n')}`];
  });
}
