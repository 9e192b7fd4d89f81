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

-- The upkeep's rewrite, in its own transaction, while no save or withdrawal
-- is under way (they wait): every tally and every counter of the summary
-- written anew in key order, and the recent sealed answers moved in the
-- order of their keys. Each row is then a version this transaction wrote,
-- in an order that depends on no save.
create function private.rewrite_save_traces() returns void
language plpgsql volatile set search_path = '' as $$
declare
  tallies public.answer_counts[];
  quadrants public.response_quadrants[];
  copied_tallies private.published_answer_counts[];
  copied_quadrants private.published_quadrants[];
begin
  -- Saves and withdrawals write the tallies and the sealed answers only
  -- after their response row, so waiting for them here waits for no lock
  -- this holds.
  lock table public.responses in share mode;
  select array_agg(c order by c.question_id, c.answer_text) into tallies from public.answer_counts c;
  -- Emptied into a new file, so that the rows lie in the order they are
  -- written: a delete leaves free space that a read may have pruned, and
  -- new rows would fill it out of order.
  truncate public.answer_counts;
  insert into public.answer_counts (question_id, answer_text, count)
  select t.question_id, t.answer_text, t.count from unnest(tallies) with ordinality as t order by t.ordinality;

  select array_agg(q order by q.first_value, q.second_value, q.first_high, q.second_high) into quadrants
  from public.response_quadrants q;
  select array_agg(c order by c.question_id, c.answer_text) into copied_tallies from private.published_answer_counts c;
  select array_agg(q order by q.first_value, q.second_value, q.first_high, q.second_high) into copied_quadrants
  from private.published_quadrants q;
  delete from public.response_quadrants;
  insert into public.response_quadrants (first_value, second_value, first_high, second_high, pair_position, respondents)
  select t.first_value, t.second_value, t.first_high, t.second_high, t.pair_position, t.respondents
  from unnest(quadrants) with ordinality as t order by t.ordinality;
  update public.response_summary s set respondents = s.respondents;

  -- The published copy (45_publication.sql) was written by the save that
  -- completed its batch.
  truncate private.published_answer_counts;
  insert into private.published_answer_counts (question_id, answer_text, count)
  select t.question_id, t.answer_text, t.count from unnest(copied_tallies) with ordinality as t order by t.ordinality;
  delete from private.published_quadrants;
  insert into private.published_quadrants (first_value, second_value, first_high, second_high, pair_position, respondents)
  select t.first_value, t.second_value, t.first_high, t.second_high, t.pair_position, t.respondents
  from unnest(copied_quadrants) with ordinality as t order by t.ordinality;
  update private.published_summary s set respondents = s.respondents;
  update private.publication p set batch = p.batch;

  insert into private.withdrawable_answers (answers_key, sealed)
  select r.answers_key, r.sealed from private.withdrawable_answers_recent r order by r.answers_key;
  delete from private.withdrawable_answers_recent;
end;
$$;

-- The throttles' counts written anew the same way, in the order of their
-- keys (a keyed hash first): a save's count row no longer carries its
-- transaction, nor sits last. Its own transaction: a withdrawal counts
-- itself before it takes any other lock.
create function private.rewrite_client_event_counts() returns void
language plpgsql volatile set search_path = '' as $$
declare
  counts private.client_event_counts[];
begin
  lock table private.client_event_counts in exclusive mode;
  select array_agg(c order by c.client_address, c.kind, c.bucket_end) into counts from private.client_event_counts c;
  delete from private.client_event_counts;
  insert into private.client_event_counts (kind, client_address, bucket_end, events)
  select t.kind, t.client_address, t.bucket_end, t.events
  from unnest(counts) with ordinality as t order by t.ordinality;
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
  -- What the saves wrote, written anew (above), with the names' erasure.
  perform cron.schedule('rewrite-save-traces', '17 * * * *', 'select private.rewrite_save_traces()');
  perform cron.schedule('rewrite-throttle-counts', '17 * * * *', 'select private.rewrite_client_event_counts()');
end;
$$;

-- Whole days, at least one. Last: it locks the settings until the end.
set local lock_timeout = '5s';
alter table private.settings add constraint settings_name_retention_days_check
  check (name <> 'name_retention_days' or value ~ '^[1-9][0-9]{0,5}$');
