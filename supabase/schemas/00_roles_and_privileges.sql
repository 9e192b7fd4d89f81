-- The ground every other file stands on. A hosted project already has the
-- API roles (anon, authenticated, service_role) and grants them whatever is
-- created in public; server/db/supabase-roles.sql gives a plain PostgreSQL
-- or PGlite the same start.
--
-- Privileges are denied by default, then granted beside what needs them:
-- nothing created later is open to the API roles unless its file says so.
-- Default privileges belong to the role that creates the objects (postgres
-- on a hosted project).

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

-- What the API cannot see: limits, events, settings and helpers. PostgREST
-- does not expose it; the API roles may use it only to run the few definers
-- that the API's functions in public call (each granted beside it).
-- service_role (the secret key, for code on a server) may run every one.
create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
grant usage on schema private to anon, authenticated, service_role;
revoke create on schema public from public, anon, authenticated;

-- Global: the only way to take back PUBLIC's execute on new functions.
alter default privileges revoke execute on functions from public;
alter default privileges in schema private grant execute on functions to service_role;
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
