-- After the upkeep no row a save wrote still carries the save's transaction
-- id, nor sits where the save put it: the tallies, the sealed answers and
-- the throttles' counts are written anew by the upkeep's own transaction, in
-- an order no save decides (docs/retention.md, "No row ties a save to its
-- answers").

-- The sealed answers of the saves since the last upkeep. A save's row here
-- carries the save's transaction id; the upkeep moves them into
-- private.withdrawable_answers in its own transaction, in the order of
-- their keys, so that no moved row shares a transaction id or an order
-- with its response.
create table private.withdrawable_answers_recent (
  answers_key bytea primary key,
  sealed bytea not null
);
alter table private.withdrawable_answers_recent enable row level security;

create or replace function private.keep_withdrawable_answers(secret text, question_ids integer[], answer_texts text[])
returns void language plpgsql volatile set search_path = '' as $$
declare
  sought bytea := private.withdrawable_answers_key(secret);
begin
  if secret is null then
    return;
  end if;
  if not exists (select 1 from private.withdrawable_answers a where a.answers_key = sought) then
    insert into private.withdrawable_answers_recent (answers_key, sealed)
    values (sought,
            private.seal_answers(
              array(select c.txt from unnest(question_ids, answer_texts) as c(qid, txt) order by c.qid),
              private.answers_seal_key(secret)))
    on conflict (answers_key) do nothing;
    if found then
      return;
    end if;
  end if;
  raise exception using errcode = '22023', message = 'withdrawal_secret is already in use';
end;
$$;

-- withdraw_response finds the sealed answers in either table.
create or replace function private.withdraw_response(submission_id uuid, secret text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller text := private.client_address();
  moment timestamptz := private.clock();
  cap private.limits;
  recent integer;
  removed bigint;
  kept bytea;
  texts text[];
begin
  if caller is not null then
    -- One withdrawal at a time per address, so the count below is exact.
    perform pg_advisory_xact_lock(hashtextextended('withdraw_response ' || caller, 0));
    select * into cap from private.limits l where l.name = 'withdrawals_per_client';
    if cap.name is not null then
      select count(*) into recent
      from private.client_events e
      where e.kind = 'withdrawal' and e.client_address = caller and e.happened_at > moment - cap.within;
      if recent >= cap.max_count then
        raise exception using errcode = 'PT429',
          message = 'too many withdrawals from this address',
          detail = format('At most %s withdrawals are taken per address within %s.', cap.max_count, cap.within),
          hint = 'Try again later; the browser keeps the request until then.';
      end if;
    end if;
    insert into private.client_events (kind, client_address, happened_at) values ('withdrawal', caller, moment);
    perform private.prune_client_events();
  end if;

  delete from public.responses r
  where r.submission_id = withdraw_response.submission_id
    and r.withdrawal_hash = private.withdrawal_hash(secret)
  returning r.id into removed;
  if removed is null then
    return jsonb_build_object('withdrawn', false);
  end if;

  insert into private.withdrawn_submissions (submission_hash)
  values (private.withdrawn_submission_hash(withdraw_response.submission_id))
  on conflict (submission_hash) do nothing;
  -- private.withdrawable_answers_recent is rewritten at every run anyway.
  perform private.mark_vacuum_due(array['public.responses', 'private.withdrawable_answers']);

  delete from private.withdrawable_answers a
  where a.answers_key = private.withdrawable_answers_key(secret)
  returning a.sealed into kept;
  if kept is null then
    delete from private.withdrawable_answers_recent a
    where a.answers_key = private.withdrawable_answers_key(secret)
    returning a.sealed into kept;
  end if;
  texts := private.unseal_answers(kept, private.answers_seal_key(secret));
  update public.answer_counts c set count = c.count - 1
  from unnest(texts) with ordinality as t(txt, qid)
  where c.question_id = t.qid and c.answer_text = t.txt;
  perform private.touch_other_answer_counts(
    array(select generate_series(1, cardinality(texts))), texts);
  return jsonb_build_object('withdrawn', true);
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
begin
  -- Saves and withdrawals write the tallies and the sealed answers only
  -- after their response row, so waiting for them here waits for no lock
  -- this holds.
  lock table public.responses in share mode;
  select array_agg(c order by c.question_id, c.answer_text) into tallies from public.answer_counts c;
  delete from public.answer_counts;
  insert into public.answer_counts (question_id, answer_text, count)
  select t.question_id, t.answer_text, t.count from unnest(tallies) with ordinality as t order by t.ordinality;

  select array_agg(q order by q.first_value, q.second_value, q.first_high, q.second_high) into quadrants
  from public.response_quadrants q;
  delete from public.response_quadrants;
  insert into public.response_quadrants (first_value, second_value, first_high, second_high, pair_position, respondents)
  select t.first_value, t.second_value, t.first_high, t.second_high, t.pair_position, t.respondents
  from unnest(quadrants) with ordinality as t order by t.ordinality;
  update public.response_summary s set respondents = s.respondents;

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

-- Hourly where pg_cron runs, at the minute names expire; the throttles'
-- counts in a job, so a transaction, of their own.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('rewrite-save-traces', '17 * * * *', 'select private.rewrite_save_traces()');
    perform cron.schedule('rewrite-throttle-counts', '17 * * * *', 'select private.rewrite_client_event_counts()');
  end if;
end;
$$;
