-- Foundation: responses, answer tallies, the hidden page's secret, and the
-- functions that are the public API. Runs unchanged on hosted Supabase, on a
-- local PostgreSQL (15+) and on embedded PGlite.
--
-- Convention: the anon and authenticated roles hold no privilege on any
-- table. Every read and write goes through a security definer function with
-- an empty search_path, so every name inside is schema-qualified.

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

-- ---------------------------------------------------------------------------
-- Reference copy of every answer and its scores. Rows come from the scoring
-- core (src/core/questions.ts) through scripts/gen-answer-scores.ts.
create table public.answer_scores (
  question_id integer not null check (question_id between 1 and 12),
  answer_text text not null,
  position integer not null,
  love double precision not null,
  duty double precision not null,
  honor double precision not null,
  reason double precision not null,
  primary key (question_id, answer_text)
);

-- Denominators of the saved, normalized values. One row, also generated.
create table public.scoring_constants (
  id boolean primary key default true check (id),
  love_denominator double precision not null,
  duty_denominator double precision not null,
  honor_denominator double precision not null,
  reason_denominator double precision not null,
  quadrant_split double precision not null
);

-- ---------------------------------------------------------------------------
create table public.responses (
  id bigint generated always as identity primary key,
  submission_id uuid not null unique,
  created_at timestamptz not null default now(),
  name text check (name is null or (char_length(name) between 1 and 50)),
  love double precision not null,
  duty double precision not null,
  honor double precision not null,
  reason double precision not null,
  love_normalized double precision not null,
  duty_normalized double precision not null,
  honor_normalized double precision not null,
  reason_normalized double precision not null
);

create table public.answer_counts (
  question_id integer not null,
  answer_text text not null,
  count bigint not null default 0 check (count >= 0),
  last_updated timestamptz not null default now(),
  primary key (question_id, answer_text),
  foreign key (question_id, answer_text) references public.answer_scores (question_id, answer_text)
);

-- The hidden page's password, as a bcrypt hash only. One row at most.
create table public.hidden_page_secret (
  id boolean primary key default true check (id),
  password_hash text not null,
  updated_at timestamptz not null default now()
);

alter table public.answer_scores enable row level security;
alter table public.scoring_constants enable row level security;
alter table public.responses enable row level security;
alter table public.answer_counts enable row level security;
alter table public.hidden_page_secret enable row level security;

-- Supabase grants every new table to anon and authenticated by default; we
-- take that back. No policies are created: with RLS on and no policy, even a
-- stray grant would show no row.
revoke all on table
  public.answer_scores, public.scoring_constants, public.responses,
  public.answer_counts, public.hidden_page_secret
from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- submit_response: store one finished quiz and count its answers, atomically.
-- The caller sends the chosen answers; the scores are derived here, so no one
-- can store a score the quiz cannot produce. A repeated submission_id stores
-- nothing new and returns the scores stored the first time (safe retries).
create function public.submit_response(submission_id uuid, name text, answers jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  clean_name text;
  item jsonb;
  i integer := 0;
  qid integer;
  chosen_ids integer[] := '{}';
  chosen_texts text[] := '{}';
  missing integer;
  unknown record;
  raw record;
  k record;
  stored public.responses;
begin
  if submission_id is null then
    raise exception using errcode = '22023', message = 'submission_id is required';
  end if;

  clean_name := nullif(btrim(coalesce(name, ''), E' \t\r\n'), '');
  if char_length(clean_name) > 50 then
    raise exception using errcode = '22023',
      message = 'name must be at most 50 characters',
      detail = format('The name has %s characters after trimming.', char_length(clean_name));
  end if;

  if answers is null or jsonb_typeof(answers) <> 'array' then
    raise exception using errcode = '22023',
      message = 'answers must be a JSON array of 12 objects {question_id, answer_text}';
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
  from generate_series(1, 12) as q
  where q <> all (chosen_ids);
  if missing is not null then
    raise exception using errcode = '22023', message = format('question %s has no answer', missing);
  end if;
  if i <> 12 then
    raise exception using errcode = '22023',
      message = format('answers must hold exactly 12 answers, one per question; got %s', i);
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

  select sum(s.love) as love, sum(s.duty) as duty, sum(s.honor) as honor, sum(s.reason) as reason
  into raw
  from unnest(chosen_ids, chosen_texts) as c(qid, txt)
  join public.answer_scores s on s.question_id = c.qid and s.answer_text = c.txt;

  select * into k from public.scoring_constants;

  insert into public.responses as r (
    submission_id, name, love, duty, honor, reason,
    love_normalized, duty_normalized, honor_normalized, reason_normalized
  ) values (
    submit_response.submission_id, clean_name, raw.love, raw.duty, raw.honor, raw.reason,
    raw.love / k.love_denominator, raw.duty / k.duty_denominator,
    raw.honor / k.honor_denominator, raw.reason / k.reason_denominator
  )
  on conflict on constraint responses_submission_id_key do nothing
  returning * into stored;

  if stored.id is null then
    -- A retry: the first call stored the row and counted its answers.
    select * into stored from public.responses r where r.submission_id = submit_response.submission_id;
  else
    insert into public.answer_counts as ac (question_id, answer_text, count, last_updated)
    select c.qid, c.txt, 1, now()
    from unnest(chosen_ids, chosen_texts) as c(qid, txt)
    on conflict (question_id, answer_text)
    do update set count = ac.count + 1, last_updated = excluded.last_updated;
  end if;

  return jsonb_build_object(
    'submission_id', stored.submission_id,
    'love', stored.love, 'duty', stored.duty, 'honor', stored.honor, 'reason', stored.reason,
    'love_normalized', stored.love_normalized,
    'duty_normalized', stored.duty_normalized,
    'honor_normalized', stored.honor_normalized,
    'reason_normalized', stored.reason_normalized
  );
end;
$$;

-- response_stats: how many have answered and the mean of each normalized
-- value over all of them (missing values count as 0). Never a name.
create function public.response_stats()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'count', count(*),
    'love', avg(coalesce(love_normalized, 0)),
    'duty', avg(coalesce(duty_normalized, 0)),
    'honor', avg(coalesce(honor_normalized, 0)),
    'reason', avg(coalesce(reason_normalized, 0))
  )
  from public.responses;
$$;

-- set_hidden_page_password: for the operator (service_role) and the owner.
create function public.set_hidden_page_password(password text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if password is null or char_length(password) < 8 then
    raise exception using errcode = '22023', message = 'the password must be at least 8 characters';
  end if;
  insert into public.hidden_page_secret (id, password_hash, updated_at)
  values (true, extensions.crypt(password, extensions.gen_salt('bf', 10)), now())
  on conflict (id) do update set password_hash = excluded.password_hash, updated_at = excluded.updated_at;
end;
$$;

revoke all on function public.submit_response(uuid, text, jsonb) from public, anon, authenticated;
revoke all on function public.response_stats() from public, anon, authenticated;
revoke all on function public.set_hidden_page_password(text) from public, anon, authenticated;

grant execute on function public.submit_response(uuid, text, jsonb) to anon, authenticated;
grant execute on function public.response_stats() to anon, authenticated;
grant execute on function public.set_hidden_page_password(text) to service_role;
