-- One scale for every figure a person reads: the results screen's (Reason
-- over 15, the others as saved). The saved *_normalized columns keep the
-- saved denominators (Reason over 17); what the API publishes about them
-- (the means, the extremes, the quadrant counters) is read from the raw
-- totals over the results-screen denominators instead, so that the average
-- of one respondent is that respondent's own result.

-- The results-screen denominators beside the saved ones; the reference data
-- (written from src/core) keeps them.
alter table public.scoring_constants
  add column love_result_denominator double precision,
  add column duty_result_denominator double precision,
  add column honor_result_denominator double precision,
  add column reason_result_denominator double precision;

-- Each row's values on the results-screen scale as well, for the split.
create or replace function private.response_values_sql(source text) returns text
language sql immutable set search_path = '' as $fn$
  select format($q$
    select coalesce(r.love_normalized, 0) as love, coalesce(r.duty_normalized, 0) as duty,
           coalesce(r.honor_normalized, 0) as honor, coalesce(r.reason_normalized, 0) as reason,
           coalesce(r.love, 0) as love_raw, coalesce(r.duty, 0) as duty_raw,
           coalesce(r.honor, 0) as honor_raw, coalesce(r.reason, 0) as reason_raw,
           coalesce(r.love, 0) / k.love_result_denominator as love_shown,
           coalesce(r.duty, 0) / k.duty_result_denominator as duty_shown,
           coalesce(r.honor, 0) / k.honor_result_denominator as honor_shown,
           coalesce(r.reason, 0) / k.reason_result_denominator as reason_shown,
           k.quadrant_split as split
    from %s r cross join public.scoring_constants k
  $q$, source);
$fn$;

-- The quadrant counters split each value at 0.5 of the results-screen scale.
create or replace function private.response_quadrants_fold_sql(source text, sign integer default 1) returns text
language sql immutable set search_path = '' as $fn$
  select format($q$
    update public.response_quadrants q set respondents = q.respondents + %s * d.n
    from (
      select c.first_value, c.second_value, c.first_high, c.second_high, sum(g.n) as n
      from public.response_quadrants c
      join (
        select v.love_shown >= v.split as love, v.duty_shown >= v.split as duty,
               v.honor_shown >= v.split as honor, v.reason_shown >= v.split as reason, count(*) as n
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

-- The mean of each value on the results-screen scale (missing values count
-- as 0): the raw mean over the results-screen denominator, rounded once.
create or replace function private.summary_means(s public.response_summary) returns jsonb
language sql stable security definer set search_path = '' as $$
  select case when coalesce(s.respondents, 0) = 0 then null else jsonb_build_object(
    'love', (s.love_raw_sum::numeric / (s.respondents * k.love_result_denominator::numeric))::double precision,
    'duty', (s.duty_raw_sum::numeric / (s.respondents * k.duty_result_denominator::numeric))::double precision,
    'honor', (s.honor_raw_sum::numeric / (s.respondents * k.honor_result_denominator::numeric))::double precision,
    'reason', (s.reason_raw_sum::numeric / (s.respondents * k.reason_result_denominator::numeric))::double precision
  ) end
  from public.scoring_constants k;
$$;

-- The lowest and highest value of each on the results-screen scale. The
-- summary keeps the saved columns' extremes; times the saved denominator and
-- rounded to a half, each is the raw total again (every score is a multiple
-- of 0.5), read over the results-screen denominator.
create function private.summary_extremes(s public.response_summary) returns jsonb
language sql stable security definer set search_path = '' as $$
  select case when coalesce(s.respondents, 0) = 0 then null else jsonb_build_object(
    'min', jsonb_build_object(
      'love', (round((s.love_min * k.love_denominator * 2)::numeric) / 2 / k.love_result_denominator::numeric)::double precision,
      'duty', (round((s.duty_min * k.duty_denominator * 2)::numeric) / 2 / k.duty_result_denominator::numeric)::double precision,
      'honor', (round((s.honor_min * k.honor_denominator * 2)::numeric) / 2 / k.honor_result_denominator::numeric)::double precision,
      'reason', (round((s.reason_min * k.reason_denominator * 2)::numeric) / 2 / k.reason_result_denominator::numeric)::double precision),
    'max', jsonb_build_object(
      'love', (round((s.love_max * k.love_denominator * 2)::numeric) / 2 / k.love_result_denominator::numeric)::double precision,
      'duty', (round((s.duty_max * k.duty_denominator * 2)::numeric) / 2 / k.duty_result_denominator::numeric)::double precision,
      'honor', (round((s.honor_max * k.honor_denominator * 2)::numeric) / 2 / k.honor_result_denominator::numeric)::double precision,
      'reason', (round((s.reason_max * k.reason_denominator * 2)::numeric) / 2 / k.reason_result_denominator::numeric)::double precision)
  ) end
  from public.scoring_constants k;
$$;

-- Everything /insights shows: the extremes on the results-screen scale.
create or replace function private.insights_json(with_names boolean) returns json
language plpgsql stable security definer set search_path = '' as $$
declare
  s public.response_summary;
  sample_size constant integer := 5000;
  raw_text text;
  names json;
  scores json;
  extremes jsonb;
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

  extremes := private.summary_extremes(s);
  scores := case when coalesce(s.respondents, 0) = 0 then null else json_build_object(
    'mean', private.summary_means(s),
    'min', extremes -> 'min',
    'max', extremes -> 'max'
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

-- export_respondents: what the hidden page shows, row by row, for its CSV
-- download: name (null when anonymous or erased), time (UTC), the four raw
-- totals (the results screen's percentages are read from them) and the four
-- saved normalized values, in the order of id. One page per call, after_id being
-- the last id of the page before (null for the first): a keyset, so the last
-- page of a million rows costs what the first does. next is the id to ask
-- after, null on the last page; total is how many rows there are now. Each
-- page passes the same password check and throttle as the page itself.
create or replace function private.export_respondents(password text, after_id bigint, page_size integer, key text) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  refusal json := private.hidden_page_refusal(password, key);
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
             p.love, p.duty, p.honor, p.reason,
             p.love_normalized, p.duty_normalized, p.honor_normalized, p.reason_normalized
           ) order by p.id), '[]'::json),
           'next', case when count(*) = page_size then max(p.id) end)
  into result
  from (
    select r.id, r.name, r.created_at, r.love, r.duty, r.honor, r.reason,
           r.love_normalized, r.duty_normalized, r.honor_normalized, r.reason_normalized
    from public.responses r
    where r.id > coalesce(after_id, 0)
    order by r.id
    limit page_size
  ) p;
  return result;
end;
$$;

-- The results-screen denominators as src/core has them now (the reference
-- data keeps them from here on). The update recounts the quadrant counters
-- through scoring_constants' trigger, with the split above.
update public.scoring_constants set
  love_result_denominator = 19, duty_result_denominator = 17,
  honor_result_denominator = 14, reason_result_denominator = 15;
alter table public.scoring_constants
  alter column love_result_denominator set not null,
  alter column duty_result_denominator set not null,
  alter column honor_result_denominator set not null,
  alter column reason_result_denominator set not null;
