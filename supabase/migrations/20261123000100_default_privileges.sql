-- Privileges are denied by default, then granted beside what needs them.
--
-- PostgreSQL lets PUBLIC execute every new function, and Supabase grants
-- every new table, sequence and function in public to anon and
-- authenticated. The foundation revoked those grants object by object; here
-- they are revoked once, for everything that exists and everything a later
-- migration creates, so an object a migration forgets about stays closed.
-- Default privileges belong to the role that creates the objects: the one
-- running the migrations (postgres on a hosted project).

-- Global: the only way to take back PUBLIC's execute on new functions.
alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;

-- What the defaults already handed out, including the identity sequence of
-- responses (anon could setval it).
revoke all on all tables in schema public, private from public, anon, authenticated;
revoke all on all sequences in schema public, private from public, anon, authenticated;
revoke all on all functions in schema public, private from public, anon, authenticated;
revoke create on schema public from public, anon, authenticated;
revoke all on schema private from public, anon, authenticated;

-- The API as it stands, granted again so that it keeps working between
-- this migration and the next. Every function anon may execute is listed in
-- the README's API section and in tests/db/advisor.test.ts; a migration that
-- redefines one restates its grant beside it.
grant execute on function public.submit_response(uuid, text, jsonb) to anon, authenticated;
grant execute on function public.response_stats() to anon, authenticated;
grant execute on function public.insights() to anon, authenticated;
grant execute on function public.answer_shares() to anon, authenticated;
grant execute on function public.secret_insights(text) to anon, authenticated;
grant execute on function public.find_respondents(text, text) to anon, authenticated;
