-- The 16 quadrant counters become rows keyed by value pair and half, so the
-- pairs are data (written by the reference data step from src/core) rather
-- than sixteen columns repeated in every statement that touches them.

create table public.response_quadrants (
  first_value text not null check (first_value in ('love', 'duty', 'honor', 'reason')),
  second_value text not null check (second_value in ('love', 'duty', 'honor', 'reason')),
  first_high boolean not null,
  second_high boolean not null,
  -- where the pair comes in insights(), as in the core's QUADRANT_PAIRS
  pair_position integer not null,
  respondents bigint not null default 0 check (respondents >= 0),
  primary key (first_value, second_value, first_high, second_high),
  check (first_value <> second_value)
);

alter table public.response_quadrants enable row level security;

-- The counters as they stand, one row per pair and half.
insert into public.response_quadrants (first_value, second_value, first_high, second_high, pair_position, respondents)
select p.first_value, p.second_value, h.first_high, h.second_high, p.pair_position,
       coalesce((to_jsonb(s) ->> format('%s_%s_%s', p.first_value, p.second_value, h.suffix))::bigint, 0)
from (values (1, 'love', 'honor'), (2, 'love', 'reason'), (3, 'honor', 'duty'), (4, 'duty', 'reason'))
       as p(pair_position, first_value, second_value)
cross join (values (true, true, 'hh'), (true, false, 'hl'), (false, true, 'lh'), (false, false, 'll'))
       as h(first_high, second_high, suffix)
left join public.response_summary s on s.id;

alter table public.response_summary
  drop column love_honor_hh, drop column love_honor_hl, drop column love_honor_lh, drop column love_honor_ll,
  drop column love_reason_hh, drop column love_reason_hl, drop column love_reason_lh, drop column love_reason_ll,
  drop column honor_duty_hh, drop column honor_duty_hl, drop column honor_duty_lh, drop column honor_duty_ll,
  drop column duty_reason_hh, drop column duty_reason_hl, drop column duty_reason_lh, drop column duty_reason_ll;

-- ---------------------------------------------------------------------------
-- The statements that add a set of response rows to the summary and to the
-- quadrant counters. Text, because they run over a trigger's transition
-- table as well as over the whole table, and only EXECUTE can name either;
-- the trigger function itself must run them, as only it sees the transition
-- table. The summary row is always updated first: every writer takes its
-- lock before any counter or tally row, so writers never wait in a circle.

-- Every row of the source with its normalized values (missing values count
-- as 0, as everywhere else) and raw totals, and the quadrant split.
create function private.response_values_sql(source text)
returns text
language sql
immutable
set search_path = ''
as $fn$
  select format($q$
    select coalesce(r.love_normalized, 0) as love, coalesce(r.duty_normalized, 0) as duty,
           coalesce(r.honor_normalized, 0) as honor, coalesce(r.reason_normalized, 0) as reason,
           coalesce(r.love, 0) as love_raw, coalesce(r.duty, 0) as duty_raw,
           coalesce(r.honor, 0) as honor_raw, coalesce(r.reason, 0) as reason_raw,
           k.quadrant_split as split
    from %s r cross join public.scoring_constants k
  $q$, source);
$fn$;

create or replace function private.response_summary_fold_sql(source text)
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
      honor_max = greatest(s.honor_max, d.honor_max), reason_max = greatest(s.reason_max, d.reason_max)
    from (
      select
        count(*) as n,
        coalesce(sum(v.love_raw), 0) as love_raw_sum, coalesce(sum(v.duty_raw), 0) as duty_raw_sum,
        coalesce(sum(v.honor_raw), 0) as honor_raw_sum, coalesce(sum(v.reason_raw), 0) as reason_raw_sum,
        min(v.love) as love_min, min(v.duty) as duty_min, min(v.honor) as honor_min, min(v.reason) as reason_min,
        max(v.love) as love_max, max(v.duty) as duty_max, max(v.honor) as honor_max, max(v.reason) as reason_max
      from (%s) v
    ) d
    where s.id and d.n > 0
  $q$, private.response_values_sql(source));
$fn$;

-- Rows are first grouped by which values are high (16 groups at most), and
-- only those groups are matched to the counters, so a bulk load of a million
-- rows costs one pass.
create function private.response_quadrants_fold_sql(source text)
returns text
language sql
immutable
set search_path = ''
as $fn$
  select format($q$
    update public.response_quadrants q set respondents = q.respondents + d.n
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
  $q$, private.response_values_sql(source));
$fn$;

create or replace function private.refresh_response_summary()
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
    love_max = null, duty_max = null, honor_max = null, reason_max = null
  where id;
  update public.response_quadrants set respondents = 0 where respondents <> 0;
  execute private.response_summary_fold_sql('public.responses');
  execute private.response_quadrants_fold_sql('public.responses');
end;
$$;

create or replace function private.fold_inserted_responses()
returns trigger
language plpgsql
security definer
set search_path = ''
-- compiling this one aggregate costs more than running it
set jit = off
as $$
begin
  execute private.response_summary_fold_sql('inserted');
  execute private.response_quadrants_fold_sql('inserted');
  return null;
end;
$$;

-- Each pair's four counters as one object, pairs in order.
create function private.quadrants_json()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
           'pair', json_build_array(p.first_value, p.second_value),
           'high_high', p.high_high, 'high_low', p.high_low, 'low_high', p.low_high, 'low_low', p.low_low
         ) order by p.pair_position), '[]'::json)
  from (
    select q.pair_position, q.first_value, q.second_value,
           sum(q.respondents) filter (where q.first_high and q.second_high) as high_high,
           sum(q.respondents) filter (where q.first_high and not q.second_high) as high_low,
           sum(q.respondents) filter (where not q.first_high and q.second_high) as low_high,
           sum(q.respondents) filter (where not q.first_high and not q.second_high) as low_low
    from public.response_quadrants q
    group by q.pair_position, q.first_value, q.second_value
  ) p;
$$;

create or replace function private.insights_json(with_names boolean)
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
    'quadrants', private.quadrants_json(),
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
