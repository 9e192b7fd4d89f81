-- Exact aggregates over every response at any size (docs/insights-at-scale.md).
--
-- response_summary holds one row: the number of respondents, the sum of each
-- raw total, and the minimum and maximum of each normalized value.
-- response_quadrants holds four counters per value pair, one for each pair
-- of halves; the pairs are data, written from src/core by
-- 90_reference_data.sql. A statement-level trigger with a transition table
-- folds every INSERT into both at once, so a bulk insert of a million rows
-- updates them once; a DELETE (a withdrawal) takes its rows out the same
-- way; UPDATE and TRUNCATE (owner only) recompute them from the table.
--
-- Writers serialize on the summary row. Every writer takes it before any
-- counter or tally row (the trigger fires at the end of the INSERT, before
-- the tallies are upserted), so writers never wait in a circle.

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
  love_max double precision, duty_max double precision, honor_max double precision, reason_max double precision
);
alter table public.response_summary enable row level security;

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

-- The statements that add a set of response rows to the summary and to the
-- quadrant counters. Text, because they run over a trigger's transition
-- table as well as over the whole table, and only EXECUTE can name either;
-- the trigger function itself must run them, as only it sees the transition
-- table.

-- Every row of the source with its normalized values (missing values count
-- as 0, as everywhere else), its raw totals and its values on the results
-- screen's scale (Reason over 15), and the quadrant split.
create function private.response_values_sql(source text) returns text
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

create function private.response_summary_fold_sql(source text) returns text
language sql immutable set search_path = '' as $fn$
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

-- A value is high at 0.5 of the results screen's scale, the one every chart
-- a person reads uses. Rows are first grouped by which values are high (16
-- groups at most), and only those groups are matched to the counters, so a
-- bulk load of a million rows costs one pass. A sign of -1 takes the rows out again.
create function private.response_quadrants_fold_sql(source text, sign integer default 1) returns text
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

-- Recomputes the summary and the counters from every row. For the triggers
-- below and for the owner after maintenance; it reads the whole table.
create function private.refresh_response_summary() returns void
-- compiling this one aggregate costs more than running it
language plpgsql security definer set search_path = '' set jit = off as $$
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

create function private.fold_inserted_responses() returns trigger
-- compiling this one aggregate costs more than running it
language plpgsql security definer set search_path = '' set jit = off as $$
begin
  execute private.response_summary_fold_sql('inserted');
  execute private.response_quadrants_fold_sql('inserted');
  return null;
end;
$$;

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

create function private.recompute_response_summary() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_response_summary();
  return null;
end;
$$;

create trigger responses_fold_into_summary
after insert on public.responses
referencing new table as inserted
for each statement execute function private.fold_inserted_responses();

create trigger responses_fold_out_of_summary
after delete on public.responses
referencing old table as deleted
for each statement execute function private.fold_deleted_responses();

-- Only the columns summed and counted: erasing a name changes no figure,
-- and must not reread a million rows to find that out. A deleted row is
-- folded out by the trigger above.
create trigger responses_recompute_summary
after update of love, duty, honor, reason, love_normalized, duty_normalized, honor_normalized, reason_normalized
on public.responses
for each statement execute function private.recompute_response_summary();

create trigger responses_truncate_summary
after truncate on public.responses
for each statement execute function private.recompute_response_summary();

-- A new quadrant split or denominator changes what the counters mean.
create trigger scoring_constants_recompute_summary
after insert or update on public.scoring_constants
for each statement execute function private.recompute_response_summary();
