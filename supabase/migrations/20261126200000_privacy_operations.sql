-- Privacy operations: the API's definers leave the exposed schema, names
-- expire, and the hidden page's holder can download what the page shows.
--
-- Supabase's advisor (splinter's lints 0028 and 0029) warns about every
-- SECURITY DEFINER function that anon or authenticated can execute in a
-- schema PostgREST exposes. Each API function below keeps its name,
-- arguments, answers, errors and limits, but now runs as its caller and
-- calls a definer of the same name and contract in private, which PostgREST
-- does not expose; the API roles may use private only for those.

grant usage on schema private to anon, authenticated;

-- The aggregates (60_insights.sql).
create function private.insights() returns json
language sql stable security definer set search_path = '' as $$
  select private.insights_json(false);
$$;
grant execute on function private.insights() to anon, authenticated;

create or replace function public.insights() returns json
language sql stable security invoker set search_path = '' as $$
  select private.insights();
$$;

create function private.answer_shares() returns json
language sql stable security definer set search_path = '' as $$
  select private.answer_shares_json();
$$;
grant execute on function private.answer_shares() to anon, authenticated;

create or replace function public.answer_shares() returns json
language sql stable security invoker set search_path = '' as $$
  select private.answer_shares();
$$;

create function private.response_stats() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'count', coalesce(s.respondents, 0),
    'love', m -> 'love', 'duty', m -> 'duty', 'honor', m -> 'honor', 'reason', m -> 'reason'
  )
  from (select 1) as one
  left join public.response_summary s on s.id
  cross join lateral (select private.summary_means(s) as m) as means;
$$;
grant execute on function private.response_stats() to anon, authenticated;

create or replace function public.response_stats() returns jsonb
language sql stable security invoker set search_path = '' as $$
  select private.response_stats();
$$;

-- The hidden page (50_hidden_page.sql), under the one name it goes by
-- everywhere: secret_insights becomes hidden_page_insights, same contract.
create function private.hidden_page_insights(password text) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  refusal json := private.hidden_page_refusal(password);
begin
  if refusal is not null then
    return refusal;
  end if;
  return private.insights_json(true);
end;
$$;
grant execute on function private.hidden_page_insights(text) to anon, authenticated;

drop function public.secret_insights(text);

create function public.hidden_page_insights(password text) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.hidden_page_insights(password);
$$;
grant execute on function public.hidden_page_insights(text) to anon, authenticated;

create function private.find_respondents(password text, query text) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  refusal json := private.hidden_page_refusal(password);
  needle text;
  result json;
begin
  if refusal is not null then
    return refusal;
  end if;
  needle := lower(btrim(coalesce(query, ''), E' \t\r\n'));
  if needle = '' then
    raise exception using errcode = '22023', message = 'query must not be empty';
  end if;

  select json_build_object(
           'total', count(*),
           'matches', coalesce(json_agg(json_build_object(
             'name', m.name,
             'raw', json_build_array(m.love, m.duty, m.honor, m.reason)
           ) order by m.name, m.id) filter (where m.rank <= 200), '[]'::json))
  into result
  from (
    select r.id, r.name, r.love, r.duty, r.honor, r.reason,
           row_number() over (order by r.name, r.id) as rank
    from public.responses r
    where r.name is not null and strpos(lower(r.name), needle) > 0
  ) m;
  return result;
end;
$$;
grant execute on function private.find_respondents(text, text) to anon, authenticated;

create or replace function public.find_respondents(password text, query text) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.find_respondents(password, query);
$$;

-- export_respondents: what the hidden page shows, row by row, for its CSV
-- download: name (null when anonymous or erased), time (UTC) and the four
-- normalized values, in the order of id. One page per call, after_id being
-- the last id of the page before (null for the first): a keyset, so the last
-- page of a million rows costs what the first does. next is the id to ask
-- after, null on the last page; total is how many rows there are now. Each
-- page passes the same password check and throttle as the page itself.
create function private.export_respondents(password text, after_id bigint, page_size integer) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  refusal json := private.hidden_page_refusal(password);
  most constant integer := 10000;
  result json;
begin
  if refusal is not null then
    return refusal;
  end if;
  if page_size is null or page_size < 1 or page_size > most then
    raise exception using errcode = '22023',
      message = format('page_size must be from 1 to %s', most);
  end if;

  select json_build_object(
           'total', (select coalesce(max(s.respondents), 0) from public.response_summary s where s.id),
           'rows', coalesce(json_agg(json_build_array(
             p.name, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
             p.love_normalized, p.duty_normalized, p.honor_normalized, p.reason_normalized
           ) order by p.id), '[]'::json),
           'next', case when count(*) = page_size then max(p.id) end)
  into result
  from (
    select r.id, r.name, r.created_at,
           r.love_normalized, r.duty_normalized, r.honor_normalized, r.reason_normalized
    from public.responses r
    where r.id > coalesce(after_id, 0)
    order by r.id
    limit page_size
  ) p;
  return result;
end;
$$;
grant execute on function private.export_respondents(text, bigint, integer) to anon, authenticated;

create function public.export_respondents(password text, after_id bigint, page_size integer) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.export_respondents(password, after_id, page_size);
$$;
grant execute on function public.export_respondents(text, bigint, integer) to anon, authenticated;

-- Names expire (70_name_retention.sql).
insert into private.settings (name, value, about) values
  ('name_retention_days', '365',
   'how many days a respondent''s name is kept; private.erase_expired_names() then sets it to null and keeps the scores. Deleting this row keeps names for good.');

-- Null while no retention is set.
create function private.name_retention() returns interval
language sql stable set search_path = '' as $$
  select make_interval(days => s.value::integer) from private.settings s where s.name = 'name_retention_days';
$$;

-- Sets the name to null on every response older than the retention, and
-- says how many it erased. The aggregates count no names, so they stay as
-- they are (the summary's update trigger watches the scores only). Run
-- hourly: by pg_cron on a hosted project (below), by the local server
-- (server/retention.ts) on its own database.
create function private.erase_expired_names() returns integer
language plpgsql volatile set search_path = '' as $$
declare
  retention interval := private.name_retention();
  erased integer;
begin
  if retention is null then
    return 0;
  end if;
  update public.responses r set name = null
  where r.name is not null and r.created_at < now() - retention;
  get diagnostics erased = row_count;
  return erased;
end;
$$;

-- Hosted Supabase offers pg_cron; there the job runs at minute 17 of every
-- hour. Where it cannot be created (PGlite, a PostgreSQL without the
-- extension, or one that does not preload it), nothing is scheduled and
-- nothing fails.
do $$
begin
  begin
    create extension if not exists pg_cron with schema pg_catalog;
  exception when others then
    raise notice 'pg_cron is not available (%): names expire only when private.erase_expired_names() is run', sqlerrm;
    return;
  end;
  -- As Supabase's guide to pg_cron has it: the role that schedules reaches its tables.
  execute format('grant usage on schema cron to %I', current_user);
  execute format('grant all privileges on all tables in schema cron to %I', current_user);
  perform cron.schedule('erase-expired-names', '17 * * * *', 'select private.erase_expired_names()');
end;
$$;

-- Erasing a name changes no figure: the summary is recomputed when a score
-- changes, not on every update; a deleted row is folded out by its own
-- trigger (40_summary.sql).
create or replace trigger responses_recompute_summary
after update of love, duty, honor, reason, love_normalized, duty_normalized, honor_normalized, reason_normalized
on public.responses
for each statement execute function private.recompute_response_summary();

-- Whole days, at least one. Last: it locks the settings until the end.
set local lock_timeout = '5s';
alter table private.settings add constraint settings_name_retention_days_check
  check (name <> 'name_retention_days' or value ~ '^[1-9][0-9]{0,5}$');
