-- What /insights and the results screen read: aggregates from the summary,
-- a uniform sample of points, and the answer shares from the tallies.

-- The mean of each value on the results-screen scale (missing values count
-- as 0): the raw mean over the results-screen denominator, rounded once.
create function private.summary_means(s public.response_summary) returns jsonb
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

-- How everyone answered: every answer of every question in quiz order, with
-- 0 where no one has chosen it yet, and its share of that question's tally;
-- the published tallies (45_publication.sql) or, for published false, the
-- live ones.
create function private.answer_shares_json(published boolean) returns json
language sql stable security definer set search_path = '' as $$
  with counts as (
    select c.question_id, c.answer_text, c.count from public.answer_counts c where not published
    union all
    select c.question_id, c.answer_text, c.count from private.published_answer_counts c where published
  ), tally as (
    select s.question_id, s.answer_text, s.position, coalesce(c.count, 0) as count,
           sum(coalesce(c.count, 0)) over (partition by s.question_id) as total
    from public.answer_scores s
    left join counts c on c.question_id = s.question_id and c.answer_text = s.answer_text
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

-- Each pair's four counters as one object, pairs in order: the pairs as
-- the live counters hold them, their counts published or live.
create function private.quadrants_json(published boolean) returns json
language sql stable security definer set search_path = '' as $$
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
    from (
      select l.pair_position, l.first_value, l.second_value, l.first_high, l.second_high,
             case when published then coalesce(c.respondents, 0) else l.respondents end as respondents
      from public.response_quadrants l
      left join private.published_quadrants c
        on published and (c.first_value, c.second_value, c.first_high, c.second_high)
                       = (l.first_value, l.second_value, l.first_high, l.second_high)
    ) q
    group by q.pair_position, q.first_value, q.second_value
  ) p;
$$;

-- Everything /insights shows, in one JSON value. Without names: what is
-- published (45_publication.sql), with its batch number. with_names, for
-- the hidden page: the live figures and each point's name. The points
-- array is written as compact text, since at 5,000 points every byte counts.
create function private.insights_json(with_names boolean) returns json
language plpgsql stable security definer set search_path = '' as $$
declare
  s public.response_summary;
  sample_size constant integer := private.points_sample_size();
  raw_text text;
  names json;
  scores json;
  extremes jsonb;
  published private.publication;
begin
  select * into published from private.publication where id;
  if with_names then
    select * into s from public.response_summary where id;
    raw_text := private.sample_points_raw();
    -- The same rows in the same order: one snapshot, one ordering.
    select coalesce(json_agg(p.name order by p.sample_key, p.id), '[]'::json)
    into names
    from (
      select r.sample_key, r.id, r.name
      from public.responses r
      order by r.sample_key, r.id
      limit sample_size
    ) p;
  else
    select * into s from private.published_summary where id;
    raw_text := published.points;
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
    'quadrants', private.quadrants_json(not with_names),
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
    'answer_shares', private.answer_shares_json(not with_names),
    'batch', case when with_names then null else published.batch end
  );
end;
$$;

-- The API below: each function in public runs as its caller (security
-- invoker) and calls a definer of the same name and contract in private,
-- which PostgREST does not expose. The advisor's lints 0028/0029 flag a
-- definer that the API roles can execute in an exposed schema.

-- insights: the published aggregates and unnamed points, for every visitor. Never a name.
create function private.insights() returns json
language sql stable security definer set search_path = '' as $$
  select private.insights_json(false);
$$;
grant execute on function private.insights() to anon, authenticated;

create function public.insights() returns json
language sql stable security invoker set search_path = '' as $$
  select private.insights();
$$;
grant execute on function public.insights() to anon, authenticated;

-- answer_shares: the results screen's "others who chose this", as
-- published, with the batch it is; the browser adds its own answers until
-- their batch is published.
create function private.answer_shares() returns json
language sql stable security definer set search_path = '' as $$
  select json_build_object('batch', p.batch, 'questions', private.answer_shares_json(true))
  from private.publication p;
$$;
grant execute on function private.answer_shares() to anon, authenticated;

create function public.answer_shares() returns json
language sql stable security invoker set search_path = '' as $$
  select private.answer_shares();
$$;
grant execute on function public.answer_shares() to anon, authenticated;

-- response_stats: the comparison average as published: how many have
-- answered and the mean of each normalized value, with the batch it is.
-- Never a name.
create function private.response_stats() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'count', coalesce(s.respondents, 0),
    'love', m -> 'love', 'duty', m -> 'duty', 'honor', m -> 'honor', 'reason', m -> 'reason',
    'batch', p.batch
  )
  from private.publication p
  left join private.published_summary s on s.id
  cross join lateral (
    select private.summary_means(row(s.*)::public.response_summary) as m
  ) as means;
$$;
grant execute on function private.response_stats() to anon, authenticated;

create function public.response_stats() returns jsonb
language sql stable security invoker set search_path = '' as $$
  select private.response_stats();
$$;
grant execute on function public.response_stats() to anon, authenticated;
