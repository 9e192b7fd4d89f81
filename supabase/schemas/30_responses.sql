-- Finished quizzes and the tally of every answer chosen, written only by
-- submit_response.

create table public.responses (
  id bigint generated always as identity primary key,
  submission_id uuid not null unique,
  created_at timestamptz not null default now(),
  name text check (name is null or char_length(name) between 1 and private.name_max_length()),
  love double precision not null,
  duty double precision not null,
  honor double precision not null,
  reason double precision not null,
  love_normalized double precision not null,
  duty_normalized double precision not null,
  honor_normalized double precision not null,
  reason_normalized double precision not null,
  -- Drawn at insert: the rows with the 5,000 smallest keys are a uniform
  -- random sample, read through an index that also carries the raw totals.
  sample_key double precision not null default random(),
  -- SHA-256 of the secret the saving browser keeps: only that browser can
  -- take the row back (withdraw_response). Null for rows saved without one.
  withdrawal_hash bytea
);
create index responses_sample_key_idx on public.responses (sample_key, id) include (love, duty, honor, reason);
alter table public.responses enable row level security;

create table public.answer_counts (
  question_id integer not null,
  answer_text text not null,
  count bigint not null default 0 check (count >= 0),
  primary key (question_id, answer_text),
  foreign key (question_id, answer_text) references public.answer_scores (question_id, answer_text)
);
alter table public.answer_counts enable row level security;

-- Writes every tally but the given answers' without changing it, in the
-- caller's transaction: a row's transaction id (xmin) is then the same on
-- every tally, and cannot tell which answers a save or a withdrawal changed.
create function private.touch_other_answer_counts(question_ids integer[], answer_texts text[])
returns void language sql volatile set search_path = '' as $$
  update public.answer_counts c set count = c.count
  where (c.question_id, c.answer_text) not in (
    select t.qid, t.txt from unnest(question_ids::integer[], answer_texts::text[]) as t(qid, txt)
  );
$$;

-- submit_response: store one finished quiz and count its answers, atomically.
-- The caller sends the chosen answers; the scores are derived here, so no one
-- can store a score the quiz cannot produce. A repeated submission_id stores
-- nothing new and answers with its id (safe retries; the batch it was told
-- the first time stands),
-- even when the address is over its limit. A new one past the limit raises
-- PT429 (HTTP 429): nothing is stored or counted. withdrawal_secret, when
-- sent, is kept as hashes only (see 35_withdrawal.sql). A withdrawn id
-- answers as stored and stores nothing. name is JSON so that only a string
-- (or null) is taken: PostgREST would pass a number or an object as its text.
-- It is stored as private.clean_name makes it (01_quiz_limits.sql).
create function private.submit_response(submission_id uuid, name jsonb, answers jsonb, withdrawal_secret text)
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
grant execute on function private.submit_response(uuid, jsonb, jsonb, text) to anon, authenticated;

-- The API's face: the privileged body above lives in a schema the API does
-- not expose, as Supabase's advisor asks.
create function public.submit_response(submission_id uuid, name jsonb, answers jsonb, withdrawal_secret text default null)
returns jsonb language sql volatile security invoker set search_path = '' as $$
  select private.submit_response(submission_id, name, answers, withdrawal_secret);
$$;
grant execute on function public.submit_response(uuid, jsonb, jsonb, text) to anon, authenticated;
