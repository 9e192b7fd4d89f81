-- pgls-ignore-all lint/safety/runningStatementWhileHoldingAccessExclusive
-- pgls-ignore-all lint/safety/avoidWideLockWindow

-- Taking a saved result back (withdraw_response), and the API's privileged
-- bodies moved out of the exposed schema for submit_response and the new
-- function: public holds security invoker functions that call security
-- definer ones in private, as Supabase's advisor asks.
--
-- The browser that saves a result makes a random secret and sends it with
-- the save. The database keeps two hashes of it, never the secret: one on the
-- response row, the other keying the row's chosen answers so that a
-- withdrawal can take them out of the tallies. Without the secret the two
-- cannot be matched, so the answers stay unconnected to the name.

-- The exclusive locks below are held for the rest of this migration's
-- transaction, which is short: a nullable column without a default (no
-- rewrite), a check validated over client_events (at most about an hour of
-- events), functions and triggers. A migration that waits for a lock gives
-- up rather than queue every API call behind it.
set local lock_timeout = '5s';

-- The API roles may reach the private bodies granted to them, nothing else.
grant usage on schema private to anon, authenticated;

alter table private.client_events
  drop constraint client_events_kind_check,
  add constraint client_events_kind_check check (kind in ('submission', 'wrong_password', 'withdrawal'));

insert into private.limits (name, max_count, within, lockout, about) values
  ('withdrawals_per_client', 20, '15 minutes', null,
   'withdrawals asked for per client address within the window, right or wrong; past it withdraw_response answers 429 and removes nothing');

-- SHA-256 of the secret the saving browser keeps: only that browser can
-- take the row back (withdraw_response). Null for rows saved without one.
alter table public.responses add column withdrawal_hash bytea;

create function private.withdrawal_secret_min_chars() returns integer
language sql immutable set search_path = '' as $$ select 32 $$;

create function private.withdrawal_hash(secret text) returns bytea
language sql immutable set search_path = '' as $$
  select extensions.digest(secret, 'sha256');
$$;

create function private.withdrawable_answers_key(secret text) returns bytea
language sql immutable set search_path = '' as $$
  select extensions.digest('answers ' || secret, 'sha256');
$$;

-- The chosen answer of each question, in question order, under the second hash.
create table private.withdrawable_answers (
  answers_key bytea primary key,
  answer_texts text[] not null
);
alter table private.withdrawable_answers enable row level security;

-- Called by submit_response once a new row is stored. A secret already in
-- use is refused: its withdrawal would not know which answers to take back.
create function private.keep_withdrawable_answers(secret text, question_ids integer[], answer_texts text[])
returns void language plpgsql volatile set search_path = '' as $$
begin
  if secret is null then
    return;
  end if;
  insert into private.withdrawable_answers (answers_key, answer_texts)
  values (private.withdrawable_answers_key(secret),
          array(select c.txt from unnest(question_ids, answer_texts) as c(qid, txt) order by c.qid))
  on conflict (answers_key) do nothing;
  if not found then
    raise exception using errcode = '22023', message = 'withdrawal_secret is already in use';
  end if;
end;
$$;

-- The old signature goes: the new one adds withdrawal_secret, with a default,
-- so callers that do not send it are answered as before.
drop function public.submit_response(uuid, text, jsonb);

-- submit_response: store one finished quiz and count its answers, atomically.
-- The caller sends the chosen answers; the scores are derived here, so no one
-- can store a score the quiz cannot produce. A repeated submission_id stores
-- nothing new and answers as the first time did (safe retries),
-- even when the address is over its limit. A new one past the limit raises
-- PT429 (HTTP 429): nothing is stored or counted. withdrawal_secret, when
-- sent, is kept as hashes only (see 35_withdrawal.sql).
create function private.submit_response(submission_id uuid, name text, answers jsonb, withdrawal_secret text)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  clean_name text;
  item jsonb;
  i integer := 0;
  qid integer;
  chosen_ids integer[] := '{}'::integer[];
  chosen_texts text[] := '{}'::text[];
  missing integer;
  unknown record;
  raw record;
  k record;
  stored public.responses;
  caller text := private.client_address();
  moment timestamptz := private.clock();
  cap private.limits;
  recent integer;
begin
  if submission_id is null then
    raise exception using errcode = '22023', message = 'submission_id is required';
  end if;

  clean_name := private.clean_name(name);
  if char_length(clean_name) > private.name_max_length() then
    raise exception using errcode = '22023',
      message = format('name must be at most %s characters', private.name_max_length()),
      detail = format('The name has %s characters after trimming.', char_length(clean_name));
  end if;

  if withdrawal_secret is not null
     and char_length(withdrawal_secret) not between private.withdrawal_secret_min_chars() and 128 then
    raise exception using errcode = '22023',
      message = format('withdrawal_secret must be %s to 128 characters', private.withdrawal_secret_min_chars());
  end if;

  if answers is null or jsonb_typeof(answers) <> 'array' then
    raise exception using errcode = '22023',
      message = format('answers must be a JSON array of %s objects {question_id, answer_text}', private.question_count());
  end if;

  for item in select value from jsonb_array_elements(answers) loop
    i := i + 1;
    if jsonb_typeof(item) <> 'object'
       or jsonb_typeof(item -> 'question_id') is distinct from 'number'
       or jsonb_typeof(item -> 'answer_text') is distinct from 'string'
       or (item ->> 'question_id') !~ '^[0-9]{1,2}$' then
      raise exception using errcode = '22023',
        message = format('answers[%s] must be an object {question_id: integer, answer_text: string}', i - 1);
    end if;
    qid := (item ->> 'question_id')::integer;
    if qid = any (chosen_ids) then
      raise exception using errcode = '22023',
        message = format('question %s is answered more than once', qid);
    end if;
    chosen_ids := chosen_ids || qid;
    chosen_texts := chosen_texts || (item ->> 'answer_text');
  end loop;

  select min(q) into missing
  from generate_series(1, private.question_count()) as q
  where q <> all (chosen_ids);
  if missing is not null then
    raise exception using errcode = '22023', message = format('question %s has no answer', missing);
  end if;
  if i <> private.question_count() then
    raise exception using errcode = '22023',
      message = format('answers must hold exactly %s answers, one per question; got %s', private.question_count(), i);
  end if;

  select c.qid, c.txt into unknown
  from unnest(chosen_ids, chosen_texts) as c(qid, txt)
  where not exists (
    select 1 from public.answer_scores s where s.question_id = c.qid and s.answer_text = c.txt
  )
  order by c.qid
  limit 1;
  if found then
    raise exception using errcode = '22023',
      message = format('question %s has no answer %s', unknown.qid, left(quote_literal(unknown.txt), 80));
  end if;

  if caller is not null then
    -- One submission at a time per address, so the count below is exact.
    -- Taken before the summary row, as every writer does.
    perform pg_advisory_xact_lock(hashtextextended('submit_response ' || caller, 0));
  end if;

  select * into stored from public.responses r where r.submission_id = submit_response.submission_id;
  if stored.id is null and caller is not null then
    select * into cap from private.limits l where l.name = 'submissions_per_client';
    if cap.name is not null then
      select count(*) into recent
      from private.client_events e
      where e.kind = 'submission' and e.client_address = caller and e.happened_at > moment - cap.within;
      if recent >= cap.max_count then
        raise exception using errcode = 'PT429',
          message = 'too many submissions from this address',
          detail = format('At most %s responses are stored per address within %s.', cap.max_count, cap.within),
          hint = 'Try again later; the answers are kept until then.';
      end if;
    end if;
  end if;

  if stored.id is null then
    select sum(s.love) as love, sum(s.duty) as duty, sum(s.honor) as honor, sum(s.reason) as reason
    into raw
    from unnest(chosen_ids, chosen_texts) as c(qid, txt)
    join public.answer_scores s on s.question_id = c.qid and s.answer_text = c.txt;

    select * into k from public.scoring_constants;

    insert into public.responses as r (
      submission_id, name, love, duty, honor, reason,
      love_normalized, duty_normalized, honor_normalized, reason_normalized, withdrawal_hash
    ) values (
      submit_response.submission_id, clean_name, raw.love, raw.duty, raw.honor, raw.reason,
      raw.love / k.love_denominator, raw.duty / k.duty_denominator,
      raw.honor / k.honor_denominator, raw.reason / k.reason_denominator,
      private.withdrawal_hash(withdrawal_secret)
    )
    on conflict on constraint responses_submission_id_key do nothing
    returning * into stored;

    if stored.id is null then
      -- The same submission from another address got there first.
      select * into stored from public.responses r where r.submission_id = submit_response.submission_id;
    else
      insert into public.answer_counts as ac (question_id, answer_text, count, last_updated)
      select c.qid, c.txt, 1, now()
      from unnest(chosen_ids, chosen_texts) as c(qid, txt)
      on conflict (question_id, answer_text)
      do update set count = ac.count + 1, last_updated = excluded.last_updated;
      perform private.keep_withdrawable_answers(withdrawal_secret, chosen_ids, chosen_texts);
      if caller is not null then
        insert into private.client_events (kind, client_address, happened_at) values ('submission', caller, moment);
        perform private.prune_client_events();
      end if;
    end if;
  end if;

  -- The id alone: the browser has shown the scores already, from the same table.
  return jsonb_build_object('submission_id', stored.submission_id);
end;
$$;
grant execute on function private.submit_response(uuid, text, jsonb, text) to anon, authenticated;

-- The API's face: the privileged body above lives in a schema the API does
-- not expose, as Supabase's advisor asks.
create function public.submit_response(submission_id uuid, name text, answers jsonb, withdrawal_secret text default null)
returns jsonb language sql volatile security invoker set search_path = '' as $$
  select private.submit_response(submission_id, name, answers, withdrawal_secret);
$$;
grant execute on function public.submit_response(uuid, text, jsonb, text) to anon, authenticated;

-- withdraw_response: removes the response saved with this submission_id and
-- secret, and takes its answers out of the tallies, in one transaction (the
-- summary and quadrant counters follow by trigger, 40_summary.sql). A wrong
-- secret, an unknown id and one already withdrawn all answer
-- {"withdrawn": false}, so nothing is learnt without the secret; a replay
-- does nothing. Every call counts against the client's address, and past
-- the limit the call raises PT429 (HTTP 429) and removes nothing.
create function private.withdraw_response(submission_id uuid, secret text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller text := private.client_address();
  moment timestamptz := private.clock();
  cap private.limits;
  recent integer;
  removed bigint;
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

  delete from private.withdrawable_answers a
  where a.answers_key = private.withdrawable_answers_key(secret)
  returning a.answer_texts into texts;
  update public.answer_counts c set count = c.count - 1, last_updated = now()
  from unnest(texts) with ordinality as t(txt, qid)
  where c.question_id = t.qid and c.answer_text = t.txt;
  return jsonb_build_object('withdrawn', true);
end;
$$;
grant execute on function private.withdraw_response(uuid, text) to anon, authenticated;

create function public.withdraw_response(submission_id uuid, secret text) returns jsonb
language sql volatile security invoker set search_path = '' as $$
  select private.withdraw_response(submission_id, secret);
$$;
grant execute on function public.withdraw_response(uuid, text) to anon, authenticated;

-- A withdrawal deletes a row: the summary and the quadrant counters take it
-- out as an insert folds it in, instead of reading the whole table again.
drop function private.response_quadrants_fold_sql(text);

-- Rows are first grouped by which values are high (16 groups at most), and
-- only those groups are matched to the counters, so a bulk load of a million
-- rows costs one pass. A sign of -1 takes the rows out again.
create function private.response_quadrants_fold_sql(source text, sign integer default 1) returns text
language sql immutable set search_path = '' as $fn$
  select format($q$
    update public.response_quadrants q set respondents = q.respondents + %s * d.n
    from (
      select c.first_value, c.second_value, c.first_high, c.second_high, sum(g.n) as n
      from public.response_quadrants c
      join (
        select v.love >= v.split as love, v.duty >= v.split as duty,
               v.honor >= v.split as honor, v.reason >= v.split as reason, count(*) as n
        from (%s) v
        group by 1, 2, 3, 4
      ) g
        on c.first_high = case c.first_value
             when 'love' then g.love when 'duty' then g.duty when 'honor' then g.honor else g.reason end
       and c.second_high = case c.second_value
             when 'love' then g.love when 'duty' then g.duty when 'honor' then g.honor else g.reason end
      group by 1, 2, 3, 4
    ) d
    where (q.first_value, q.second_value, q.first_high, q.second_high)
        = (d.first_value, d.second_value, d.first_high, d.second_high)
  $q$, sign, private.response_values_sql(source));
$fn$;

-- Takes deleted rows (a withdrawal) out of the summary and the counters
-- without reading the table, but for an extreme the deleted rows held
-- alone: only then is that minimum or maximum sought again.
create function private.fold_deleted_responses() returns trigger
-- compiling these aggregates costs more than running them
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  v text;
begin
  update public.response_summary s set
    respondents = s.respondents - d.n,
    love_raw_sum = s.love_raw_sum - d.love, duty_raw_sum = s.duty_raw_sum - d.duty,
    honor_raw_sum = s.honor_raw_sum - d.honor, reason_raw_sum = s.reason_raw_sum - d.reason
  from (
    select count(*) as n, coalesce(sum(x.love), 0) as love, coalesce(sum(x.duty), 0) as duty,
           coalesce(sum(x.honor), 0) as honor, coalesce(sum(x.reason), 0) as reason
    from deleted x
  ) d
  where s.id and d.n > 0;
  execute private.response_quadrants_fold_sql('deleted', -1);
  foreach v in array array['love', 'duty', 'honor', 'reason'] loop
    execute format($q$
      update public.response_summary s set
        %1$I = case
          when s.respondents = 0 then null
          when d.low > s.%1$I or exists (select 1 from public.responses r where r.%3$I <= s.%1$I) then s.%1$I
          else (select min(r.%3$I) from public.responses r) end,
        %2$I = case
          when s.respondents = 0 then null
          when d.high < s.%2$I or exists (select 1 from public.responses r where r.%3$I >= s.%2$I) then s.%2$I
          else (select max(r.%3$I) from public.responses r) end
      from (select min(x.%3$I) as low, max(x.%3$I) as high from deleted x) d
      where s.id and d.low is not null
    $q$, v || '_min', v || '_max', v || '_normalized');
  end loop;
  return null;
end;
$$;

drop trigger responses_recompute_summary on public.responses;

create trigger responses_fold_out_of_summary
after delete on public.responses
referencing old table as deleted
for each statement execute function private.fold_deleted_responses();

create trigger responses_recompute_summary
after update on public.responses
for each statement execute function private.recompute_response_summary();
