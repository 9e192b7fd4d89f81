-- The public figures published in batches (45_publication.sql,
-- docs/retention.md "Published in batches"): insights, answer_shares and
-- response_stats read a copy taken once at least private.batch_size() saves
-- and withdrawals have come in, so that two calls around one save never
-- tell it apart. A deploy with responses already stored publishes them all
-- as its first batch; no count is lost.

-- The batch in force: private.publish_batch() (src/core/publication.ts),
-- the figure /privacy states, unless a publish_batch row of the settings
-- says otherwise (whole saves, at least one; absent by default).
create function private.batch_size() returns integer
language sql stable set search_path = '' as $$
  select coalesce(
    (select s.value::integer from private.settings s where s.name = 'publish_batch'),
    private.publish_batch());
$$;

-- One row: how many batches are published, how many saves and withdrawals
-- wait for the next, and the published sample of points as the API sends it.
create table private.publication (
  id boolean primary key default true check (id),
  batch bigint not null default 0 check (batch >= 0),
  pending bigint not null default 0 check (pending >= 0),
  points text not null default '[]'
);
alter table private.publication enable row level security;
insert into private.publication (id) values (true);

-- The copies of public.response_summary and public.response_quadrants,
-- column for column, keys and checks included: a row of one reads as a row
-- of the other.
create table private.published_summary (like public.response_summary including all);
alter table private.published_summary enable row level security;

create table private.published_quadrants (like public.response_quadrants including all);
alter table private.published_quadrants enable row level security;

create table private.published_answer_counts (
  question_id integer not null,
  answer_text text not null,
  count bigint not null check (count >= 0),
  primary key (question_id, answer_text)
);
alter table private.published_answer_counts enable row level security;

-- How many points insights sends at most: past it, a uniform sample.
create function private.points_sample_size() returns integer
language sql immutable set search_path = '' as $$ select 5000 $$;

-- The first points by sample key, as compact JSON text: at 5,000 points
-- every byte counts. The index alone answers it.
create function private.sample_points_raw() returns text
language sql stable set search_path = '' as $$
  select coalesce('[' || string_agg(
           '[' || p.love || ',' || p.duty || ',' || p.honor || ',' || p.reason || ']', ','
           order by p.sample_key, p.id) || ']', '[]')
  from (
    select r.sample_key, r.id, r.love, r.duty, r.honor, r.reason
    from public.responses r
    order by r.sample_key, r.id
    limit private.points_sample_size()
  ) p;
$$;

-- The live figures copied, each table in key order, and the batch counted.
create function private.publish() returns void
language plpgsql volatile set search_path = '' set jit = off as $$
begin
  delete from private.published_answer_counts;
  insert into private.published_answer_counts (question_id, answer_text, count)
  select c.question_id, c.answer_text, c.count from public.answer_counts c order by c.question_id, c.answer_text;
  delete from private.published_quadrants;
  insert into private.published_quadrants
  select q.* from public.response_quadrants q order by q.first_value, q.second_value, q.first_high, q.second_high;
  delete from private.published_summary;
  insert into private.published_summary select s.* from public.response_summary s;
  update private.publication p set batch = p.batch + 1, pending = 0, points = private.sample_points_raw();
end;
$$;

-- Saves and withdrawals counted toward the next batch, a statement's rows at once.
create function private.count_inserted_for_publication() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.publication p set pending = p.pending + (select count(*) from inserted)
  where exists (select 1 from inserted);
  return null;
end;
$$;

create function private.count_deleted_for_publication() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.publication p set pending = p.pending + (select count(*) from deleted)
  where exists (select 1 from deleted);
  return null;
end;
$$;

create trigger responses_count_for_publication_inserted
after insert on public.responses
referencing new table as inserted
for each statement execute function private.count_inserted_for_publication();

create trigger responses_count_for_publication_deleted
after delete on public.responses
referencing old table as deleted
for each statement execute function private.count_deleted_for_publication();

-- At commit: a full batch is published. Every count queues one check; the
-- first publishes, the rest find nothing pending.
create function private.publish_when_due() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if (select p.pending from private.publication p) >= private.batch_size() then
    perform private.publish();
  end if;
  return null;
end;
$$;

create constraint trigger publication_publish_when_due
after update of pending on private.publication
deferrable initially deferred
for each row when (new.pending > old.pending)
execute function private.publish_when_due();

-- The readers: the published copy for everyone, the live tables for the hidden page.
drop function private.answer_shares_json();
drop function private.quadrants_json();

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

create or replace function private.insights_json(with_names boolean) returns json
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

create or replace function private.answer_shares() returns json
language sql stable security definer set search_path = '' as $$
  select json_build_object('batch', p.batch, 'questions', private.answer_shares_json(true))
  from private.publication p;
$$;

create or replace function private.response_stats() returns jsonb
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

-- A new save says which batch publishes it.
create or replace function private.submit_response(submission_id uuid, name jsonb, answers jsonb, withdrawal_secret text)
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
  batch bigint;
begin
  if submission_id is null then
    raise exception using errcode = '22023', message = 'submission_id is required';
  end if;

  if jsonb_typeof(name) not in ('string', 'null') then
    raise exception using errcode = '22023',
      message = 'name must be a string or null',
      detail = format('The name is a JSON %s.', jsonb_typeof(name));
  end if;
  clean_name := private.clean_name(name #>> '{}');
  if char_length(clean_name) > private.name_max_length() then
    raise exception using errcode = '22023',
      message = format('name must be at most %s characters', private.name_max_length()),
      detail = format('The name has %s characters after trimming.', char_length(clean_name));
  end if;

  if withdrawal_secret !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = '22023',
      message = 'withdrawal_secret must be 64 hexadecimal digits (0-9, a-f)';
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
  if stored.id is null and exists (
    select 1 from private.withdrawn_submissions w
    where w.submission_hash = private.withdrawn_submission_hash(submit_response.submission_id)
  ) then
    -- Withdrawn: the browser may drop its copy; nothing comes back.
    return jsonb_build_object('submission_id', submit_response.submission_id);
  end if;
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
      -- The batch this save is published with (45_publication.sql): read
      -- after the insert counted it, so behind any batch another save
      -- published while this one waited for the summary.
      select p.batch + 1 into batch from private.publication p;
      insert into public.answer_counts as ac (question_id, answer_text, count)
      select c.qid, c.txt, 1
      from unnest(chosen_ids, chosen_texts) as c(qid, txt)
      on conflict (question_id, answer_text)
      do update set count = ac.count + 1;
      perform private.touch_other_answer_counts(chosen_ids, chosen_texts);
      perform private.keep_withdrawable_answers(withdrawal_secret, chosen_ids, chosen_texts);
      if caller is not null then
        insert into private.client_events (kind, client_address, happened_at) values ('submission', caller, moment);
        perform private.prune_client_events();
      end if;
    end if;
  end if;

  -- The id, and for a new save its batch: the browser has shown the scores
  -- already, from the same table, and adds its own answers to the public
  -- figures until that batch is published. A repeated save says no batch.
  return jsonb_strip_nulls(jsonb_build_object('submission_id', stored.submission_id, 'batch', batch));
end;
$$;

-- The upkeep rewrites the published copy too, each tally table into a new file.
create or replace function private.rewrite_save_traces() returns void
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

-- What is stored already is the first batch.
select private.publish() where exists (select 1 from public.responses);

-- Last: it locks the settings until the end.
set local lock_timeout = '5s';
alter table private.settings add constraint settings_publish_batch_check
  check (name <> 'publish_batch' or value ~ '^[1-9][0-9]{0,5}$');
