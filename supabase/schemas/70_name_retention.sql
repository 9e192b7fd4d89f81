-- Names expire: past the operator's retention a respondent's name is erased
-- and the scores stay. The retention is a row of private.settings, in whole
-- days; deleting the row keeps names for good.

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
  if erased > 0 then
    perform private.mark_vacuum_due(array['public.responses']);
  end if;
  return erased;
end;
$$;

-- Hosted Supabase offers pg_cron; there the job runs at minute 17 of every
-- hour, and the throttles' pruning at minute 47. Where it cannot be created (PGlite, a PostgreSQL without the
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
  -- The throttles' rows past every window (20_limits.sql), at minute 47.
  perform cron.schedule('prune-throttles', '47 * * * *', 'select private.prune_throttles()');
end;
$$;

-- Whole days, at least one. Last: it locks the settings until the end.
set local lock_timeout = '5s';
alter table private.settings add constraint settings_name_retention_days_check
  check (name <> 'name_retention_days' or value ~ '^[1-9][0-9]{0,5}$');
