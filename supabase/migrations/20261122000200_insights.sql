-- Insights: exact aggregates over every response at any size, a uniform
-- sample for the scatterplots, answer shares from the tallies, and the
-- password-gated named views of the hidden page.
--
-- Mechanism (docs/insights-at-scale.md explains it with figures):
-- * response_summary holds one row: the number of respondents, the sum of
--   each raw total, the minimum and maximum of each normalized value, and
--   the 16 quadrant counters. A statement-level trigger with a transition table folds every
--   INSERT into it at once, so a bulk insert of a million rows updates it
--   once, and a single submission adds one row's worth. DELETE, UPDATE and
--   TRUNCATE (owner only) recompute it from the table.
-- * responses.sample_key is a random number drawn at insert; the rows with
--   the 5,000 smallest keys are a uniform random sample of all rows, read
--   through an index that also carries the raw totals.
--
-- Writers serialize on the summary row. Every writer takes it before the
-- answer tallies (the trigger fires at the end of the INSERT, before the
-- tallies are upserted), so two submissions can never wait on each other in
-- opposite order.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

-- ---------------------------------------------------------------------------
alter table public.responses add column sample_key double precision not null default random();
create index responses_sample_key_idx on public.responses (sample_key, id) include (love, duty, honor, reason);

create table public.response_summary (
  id boolean primary key default true check (id),
  respondents bigint not null default 0,
  -- Sums of the raw totals: multiples of 0.5, so every sum is exact in
  -- double precision (below 2^52), whether added up or recomputed. The mean
  -- of a normalized value is the raw mean over its denominator, rounded once.
  love_raw_sum double precision not null default 0,
  duty_raw_sum double precision not null default 0,
  honor_raw_sum double precision not null default 0,
  reason_raw_sum double precision not null default 0,
  love_min double precision, duty_min double precision, honor_min double precision, reason_min double precision,
  love_max double precision, duty_max double precision, honor_max double precision, reason_max double precision,
  -- <first>_<second>_<hh|hl|lh|ll>: first value high/low, second value high/low
  love_honor_hh bigint not null default 0, love_honor_hl bigint not null default 0,
  love_honor_lh bigint not null default 0, love_honor_ll bigint not null default 0,
  love_reason_hh bigint not null default 0, love_reason_hl bigint not null default 0,
  love_reason_lh bigint not null default 0, love_reason_ll bigint not null default 0,
  honor_duty_hh bigint not null default 0, honor_duty_hl bigint not null default 0,
  honor_duty_lh bigint not null default 0, honor_duty_ll bigint not null default 0,
  duty_reason_hh bigint not null default 0, duty_reason_hl bigint not null default 0,
  duty_reason_lh bigint not null default 0, duty_reason_ll bigint not null default 0
);

alter table public.response_summary enable row level security;
revoke all on table public.response_summary from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- The one statement that adds a set of response rows to the summary. It is
-- text because it runs over a trigger's transition table as well as over the
-- whole table, and only EXECUTE can name either.
create function private.response_summary_fold_sql(source text)
returns text
language sql
immutable
set search_path = ''
as $fn$
  select format($q$
    update public.response_summary s set
      respondents = s.respondents + d.n,
      love_raw_sum = s.love_raw_sum + d.love_raw_sum, duty_raw_sum = s.duty_raw_sum + d.duty_raw_sum,
      honor_raw_sum = s.honor_raw_sum + d.honor_raw_sum, reason_raw_sum = s.reason_raw_sum + d.reason_raw_sum,
      love_min = least(s.love_min, d.love_min), duty_min = least(s.duty_min, d.duty_min),
      honor_min = least(s.honor_min, d.honor_min), reason_min = least(s.reason_min, d.reason_min),
      love_max = greatest(s.love_max, d.love_max), duty_max = greatest(s.duty_max, d.duty_max),
      honor_max = greatest(s.honor_max, d.honor_max), reason_max = greatest(s.reason_max, d.reason_max),
      love_honor_hh = s.love_honor_hh + d.love_honor_hh, love_honor_hl = s.love_honor_hl + d.love_honor_hl,
      love_honor_lh = s.love_honor_lh + d.love_honor_lh, love_honor_ll = s.love_honor_ll + d.love_honor_ll,
      love_reason_hh = s.love_reason_hh + d.love_reason_hh, love_reason_hl = s.love_reason_hl + d.love_reason_hl,
      love_reason_lh = s.love_reason_lh + d.love_reason_lh, love_reason_ll = s.love_reason_ll + d.love_reason_ll,
      honor_duty_hh = s.honor_duty_hh + d.honor_duty_hh, honor_duty_hl = s.honor_duty_hl + d.honor_duty_hl,
      honor_duty_lh = s.honor_duty_lh + d.honor_duty_lh, honor_duty_ll = s.honor_duty_ll + d.honor_duty_ll,
      duty_reason_hh = s.duty_reason_hh + d.duty_reason_hh, duty_reason_hl = s.duty_reason_hl + d.duty_reason_hl,
      duty_reason_lh = s.duty_reason_lh + d.duty_reason_lh, duty_reason_ll = s.duty_reason_ll + d.duty_reason_ll
    from (
      select
        count(*) as n,
        coalesce(sum(v.love_raw), 0) as love_raw_sum, coalesce(sum(v.duty_raw), 0) as duty_raw_sum,
        coalesce(sum(v.honor_raw), 0) as honor_raw_sum, coalesce(sum(v.reason_raw), 0) as reason_raw_sum,
        min(v.love) as love_min, min(v.duty) as duty_min, min(v.honor) as honor_min, min(v.reason) as reason_min,
        max(v.love) as love_max, max(v.duty) as duty_max, max(v.honor) as honor_max, max(v.reason) as reason_max,
        count(*) filter (where v.love >= k.split and v.honor >= k.split) as love_honor_hh,
        count(*) filter (where v.love >= k.split and v.honor < k.split) as love_honor_hl,
        count(*) filter (where v.love < k.split and v.honor >= k.split) as love_honor_lh,
        count(*) filter (where v.love < k.split and v.honor < k.split) as love_honor_ll,
        count(*) filter (where v.love >= k.split and v.reason >= k.split) as love_reason_hh,
        count(*) filter (where v.love >= k.split and v.reason < k.split) as love_reason_hl,
        count(*) filter (where v.love < k.split and v.reason >= k.split) as love_reason_lh,
        count(*) filter (where v.love < k.split and v.reason < k.split) as love_reason_ll,
        count(*) filter (where v.honor >= k.split and v.duty >= k.split) as honor_duty_hh,
        count(*) filter (where v.honor >= k.split and v.duty < k.split) as honor_duty_hl,
        count(*) filter (where v.honor < k.split and v.duty >= k.split) as honor_duty_lh,
        count(*) filter (where v.honor < k.split and v.duty < k.split) as honor_duty_ll,
        count(*) filter (where v.duty >= k.split and v.reason >= k.split) as duty_reason_hh,
        count(*) filter (where v.duty >= k.split and v.reason < k.split) as duty_reason_hl,
        count(*) filter (where v.duty < k.split and v.reason >= k.split) as duty_reason_lh,
        count(*) filter (where v.duty < k.split and v.reason < k.split) as duty_reason_ll
      from (
        -- missing values count as 0, as everywhere else
        select coalesce(r.love_normalized, 0) as love, coalesce(r.duty_normalized, 0) as duty,
               coalesce(r.honor_normalized, 0) as honor, coalesce(r.reason_normalized, 0) as reason,
               coalesce(r.love, 0) as love_raw, coalesce(r.duty, 0) as duty_raw,
               coalesce(r.honor, 0) as honor_raw, coalesce(r.reason, 0) as reason_raw
        from %s r
      ) v
      cross join (select c.quadrant_split as split from public.scoring_constants c) k
    ) d
    where s.id and d.n > 0
  $q$, source);
$fn$;

-- Recomputes the summary from every row. For the triggers below and for the
-- owner after maintenance; it reads the whole table.
create function private.refresh_response_summary()
returns void
language plpgsql
security definer
set search_path = ''
-- compiling this one aggregate costs more than running it
set jit = off
as $$
begin
  insert into public.response_summary (id) values (true) on conflict (id) do nothing;
  update public.response_summary set
    respondents = 0, love_raw_sum = 0, duty_raw_sum = 0, honor_raw_sum = 0, reason_raw_sum = 0,
    love_min = null, duty_min = null, honor_min = null, reason_min = null,
    love_max = null, duty_max = null, honor_max = null, reason_max = null,
    love_honor_hh = 0, love_honor_hl = 0, love_honor_lh = 0, love_honor_ll = 0,
    love_reason_hh = 0, love_reason_hl = 0, love_reason_lh = 0, love_reason_ll = 0,
    honor_duty_hh = 0, honor_duty_hl = 0, honor_duty_lh = 0, honor_duty_ll = 0,
    duty_reason_hh = 0, duty_reason_hl = 0, duty_reason_lh = 0, duty_reason_ll = 0
  where id;
  execute private.response_summary_fold_sql('public.responses');
end;
$$;

create function private.fold_inserted_responses()
returns trigger
language plpgsql
security definer
set search_path = ''
-- compiling this one aggregate costs more than running it
set jit = off
as $$
begin
  execute private.response_summary_fold_sql('inserted');
  return null;
end;
$$;

create function private.recompute_response_summary()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_response_summary();
  return null;
end;
$$;

create trigger responses_fold_into_summary
after insert on public.responses
referencing new table as inserted
for each statement execute function private.fold_inserted_responses();

create trigger responses_recompute_summary
after update or delete on public.responses
for each statement execute function private.recompute_response_summary();

create trigger responses_truncate_summary
after truncate on public.responses
for each statement execute function private.recompute_response_summary();

-- A new quadrant split or denominator changes what the counters mean.
create trigger scoring_constants_recompute_summary
after insert or update on public.scoring_constants
for each statement execute function private.recompute_response_summary();

select private.refresh_response_summary();

-- ---------------------------------------------------------------------------
-- The hidden page's password check. A wrong, empty or missing password, and
-- a database where none is set yet, all get the same error, raised before
-- any response is read. With none set, a dummy hash is still compared so
-- that the answer takes as long.
create function private.require_hidden_page_password(password text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  stored text;
begin
  select s.password_hash into stored from public.hidden_page_secret s where s.id;
  stored := coalesce(stored, '$2a$10$bKebJy4VaLS7nXDQrW1F1.q5YyrgXtKHcGCfM/zL0pAH9Y0/Q8ueW');
  if password is null or password = ''
     or extensions.crypt(password, stored) is distinct from stored
     or not exists (select 1 from public.hidden_page_secret s where s.id) then
    raise exception using errcode = '28P01', message = 'invalid password';
  end if;
end;
$$;

-- The mean of each normalized value over all rows (missing values count as
-- 0): the raw mean over the saved denominator, which is the same number,
-- rounded once. Null while there are no rows.
create function private.summary_means(s public.response_summary)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when coalesce(s.respondents, 0) = 0 then null else jsonb_build_object(
    'love', (s.love_raw_sum::numeric / (s.respondents * k.love_denominator::numeric))::double precision,
    'duty', (s.duty_raw_sum::numeric / (s.respondents * k.duty_denominator::numeric))::double precision,
    'honor', (s.honor_raw_sum::numeric / (s.respondents * k.honor_denominator::numeric))::double precision,
    'reason', (s.reason_raw_sum::numeric / (s.respondents * k.reason_denominator::numeric))::double precision
  ) end
  from public.scoring_constants k;
$$;

-- How everyone answered: every answer of every question in quiz order, with
-- 0 where no one has chosen it yet, and its share of that question's tally.
create function private.answer_shares_json()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  with tally as (
    select s.question_id, s.answer_text, s.position, coalesce(c.count, 0) as count,
           sum(coalesce(c.count, 0)) over (partition by s.question_id) as total
    from public.answer_scores s
    left join public.answer_counts c on c.question_id = s.question_id and c.answer_text = s.answer_text
  )
  select coalesce(json_agg(json_build_object(
           'question_id', q.question_id, 'total', q.total, 'answers', q.answers
         ) order by q.question_id), '[]'::json)
  from (
    select t.question_id, t.total,
           json_agg(json_build_object(
             'answer_text', t.answer_text,
             'count', t.count,
             'share', case when t.total = 0 then 0 else (t.count::numeric / t.total)::double precision end
           ) order by t.position) as answers
    from tally t
    group by t.question_id, t.total
  ) q;
$$;

-- Everything /insights shows, in one JSON value; with_names adds each
-- point's name for the hidden page. The points array is written as compact
-- text, since at 5,000 points every byte counts.
create function private.insights_json(with_names boolean)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  s public.response_summary;
  sample_size constant integer := 5000;
  raw_text text;
  names json;
  scores json;
begin
  select * into s from public.response_summary where id;

  -- The index alone answers this one.
  select coalesce('[' || string_agg(
           '[' || p.love || ',' || p.duty || ',' || p.honor || ',' || p.reason || ']', ','
           order by p.sample_key, p.id) || ']', '[]')
  into raw_text
  from (
    select r.sample_key, r.id, r.love, r.duty, r.honor, r.reason
    from public.responses r
    order by r.sample_key, r.id
    limit sample_size
  ) p;

  -- The same rows in the same order: one snapshot, one ordering.
  if with_names then
    select coalesce(json_agg(p.name order by p.sample_key, p.id), '[]'::json)
    into names
    from (
      select r.sample_key, r.id, r.name
      from public.responses r
      order by r.sample_key, r.id
      limit sample_size
    ) p;
  end if;

  scores := case when coalesce(s.respondents, 0) = 0 then null else json_build_object(
    'mean', private.summary_means(s),
    'min', json_build_object('love', s.love_min, 'duty', s.duty_min, 'honor', s.honor_min, 'reason', s.reason_min),
    'max', json_build_object('love', s.love_max, 'duty', s.duty_max, 'honor', s.honor_max, 'reason', s.reason_max)
  ) end;

  return json_build_object(
    'count', coalesce(s.respondents, 0),
    'mean', scores -> 'mean',
    'min', scores -> 'min',
    'max', scores -> 'max',
    'quadrants', json_build_array(
      json_build_object('pair', json_build_array('love', 'honor'),
        'high_high', coalesce(s.love_honor_hh, 0), 'high_low', coalesce(s.love_honor_hl, 0),
        'low_high', coalesce(s.love_honor_lh, 0), 'low_low', coalesce(s.love_honor_ll, 0)),
      json_build_object('pair', json_build_array('love', 'reason'),
        'high_high', coalesce(s.love_reason_hh, 0), 'high_low', coalesce(s.love_reason_hl, 0),
        'low_high', coalesce(s.love_reason_lh, 0), 'low_low', coalesce(s.love_reason_ll, 0)),
      json_build_object('pair', json_build_array('honor', 'duty'),
        'high_high', coalesce(s.honor_duty_hh, 0), 'high_low', coalesce(s.honor_duty_hl, 0),
        'low_high', coalesce(s.honor_duty_lh, 0), 'low_low', coalesce(s.honor_duty_ll, 0)),
      json_build_object('pair', json_build_array('duty', 'reason'),
        'high_high', coalesce(s.duty_reason_hh, 0), 'high_low', coalesce(s.duty_reason_hl, 0),
        'low_high', coalesce(s.duty_reason_lh, 0), 'low_low', coalesce(s.duty_reason_ll, 0))
    ),
    'points', case when with_names
      then json_build_object(
        'kind', case when coalesce(s.respondents, 0) > sample_size then 'sample' else 'all' end,
        'total', coalesce(s.respondents, 0),
        'raw', raw_text::json,
        'names', names)
      else json_build_object(
        'kind', case when coalesce(s.respondents, 0) > sample_size then 'sample' else 'all' end,
        'total', coalesce(s.respondents, 0),
        'raw', raw_text::json)
      end,
    'answer_shares', private.answer_shares_json()
  );
end;
$$;

-- ---------------------------------------------------------------------------
-- The public API.

-- insights: aggregates and unnamed points for every visitor. Never a name.
create function public.insights()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select private.insights_json(false);
$$;

-- answer_shares: the results screen's "others who chose this".
create function public.answer_shares()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select private.answer_shares_json();
$$;

-- secret_insights: what insights() returns, with each point's name, for the
-- holder of the hidden page's password.
create function public.secret_insights(password text)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_hidden_page_password(password);
  return private.insights_json(true);
end;
$$;

-- find_respondents: case-insensitive name search over every row. The query
-- is matched as plain text (no wildcards), so %, _ and quotes are just
-- characters. At most 200 matches come back, with the total.
create function public.find_respondents(password text, query text)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  needle text;
  result json;
begin
  perform private.require_hidden_page_password(password);
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

-- response_stats: the comparison average, now read from the summary.
create or replace function public.response_stats()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'count', coalesce(s.respondents, 0),
    'love', m -> 'love', 'duty', m -> 'duty', 'honor', m -> 'honor', 'reason', m -> 'reason'
  )
  from (select 1) as one
  left join public.response_summary s on s.id
  cross join lateral (select private.summary_means(s) as m) as means;
$$;

-- ---------------------------------------------------------------------------
revoke all on function private.response_summary_fold_sql(text) from public, anon, authenticated;
revoke all on function private.refresh_response_summary() from public, anon, authenticated;
revoke all on function private.fold_inserted_responses() from public, anon, authenticated;
revoke all on function private.recompute_response_summary() from public, anon, authenticated;
revoke all on function private.require_hidden_page_password(text) from public, anon, authenticated;
revoke all on function private.summary_means(public.response_summary) from public, anon, authenticated;
revoke all on function private.answer_shares_json() from public, anon, authenticated;
revoke all on function private.insights_json(boolean) from public, anon, authenticated;

revoke all on function public.insights() from public, anon, authenticated;
revoke all on function public.answer_shares() from public, anon, authenticated;
revoke all on function public.secret_insights(text) from public, anon, authenticated;
revoke all on function public.find_respondents(text, text) from public, anon, authenticated;
revoke all on function public.response_stats() from public, anon, authenticated;

grant execute on function public.insights() to anon, authenticated;
grant execute on function public.answer_shares() to anon, authenticated;
grant execute on function public.secret_insights(text) to anon, authenticated;
grant execute on function public.find_respondents(text, text) to anon, authenticated;
grant execute on function public.response_stats() to anon, authenticated;
