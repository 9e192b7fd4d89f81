-- What a hosted Supabase project already has, for a plain PostgreSQL or
-- PGlite: the API roles and their default grants. Supabase grants new tables
-- and functions in public to the API roles by default, so we do the same
-- here: the migrations must then revoke what they do not mean to give, and
-- the tests prove they do.
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      begin
        execute format('create role %I nologin noinherit', r);
      exception when duplicate_object or unique_violation then
        null; -- another database of the same server created it meanwhile
      end;
    end if;
  end loop;
end
$$;

-- Roles belong to the whole server: two databases set up at once would both
-- alter the same row, and the later one fails with "tuple concurrently updated".
do $$
begin
  if not (select rolbypassrls from pg_roles where rolname = 'service_role') then
    alter role service_role bypassrls;
  end if;
exception when internal_error then
  if sqlerrm <> 'tuple concurrently updated' then
    raise;
  end if;
end
$$;

-- Only on a database no migration has touched yet, as when a project is
-- created: the migrations take some of these defaults back, and running them
-- again at every start would hand them out anew.
do $$
begin
  if to_regclass('supabase_migrations.schema_migrations') is null then
    grant usage on schema public to anon, authenticated, service_role;
    alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
    alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
    alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  end if;
end
$$;
