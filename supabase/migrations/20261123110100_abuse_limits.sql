-- Abuse limits, cleaned names and the quiz's limits written once.
--
-- The limits read the request the way PostgREST passes it to the database
-- (request.headers, JSON with lower-case names), so the same SQL limits a
-- hosted project and the local server alike. A call made outside any HTTP
-- request (the owner in the SQL editor, seed scripts) has no request.headers
-- and is not limited.

-- ---------------------------------------------------------------------------
-- The quiz's limits. private.question_count() and private.name_max_length()
-- come from src/core through the reference data migration; the password's
-- bounds are the database's own.
create function private.hidden_page_password_min_chars() returns integer
language sql immutable set search_path = '' as $$ select 8 $$;

-- bcrypt reads the first 72 bytes only: two longer passwords sharing them
-- would be the same password, so a longer one is refused rather than cut.
create function private.hidden_page_password_max_bytes() returns integer
language sql immutable set search_path = '' as $$ select 72 $$;

alter table public.responses drop constraint responses_name_check;
alter table public.responses add constraint responses_name_check
  check (name is null or char_length(name) between 1 and private.name_max_length());
alter table public.answer_scores drop constraint answer_scores_question_id_check;
alter table public.answer_scores add constraint answer_scores_question_id_check
  check (question_id between 1 and private.question_count());

-- A name as it is stored: line breaks and tabs become spaces; other control
-- characters, bidirectional overrides and isolates, and zero-width and other
-- invisible formatting characters go; then it is trimmed. Empty means
-- anonymous (null).
create function private.clean_name(name text) returns text
language sql immutable set search_path = '' as $$
  select nullif(btrim(regexp_replace(
    regexp_replace(coalesce(name, ''), '[\u0009-\u000D\u0085\u2028\u2029]', ' ', 'g'),
    '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]', '', 'g'),
    ' '), '');
$$;

-- ---------------------------------------------------------------------------
-- Every limit is a row the operator can change (README, "Limits"). A limit
-- whose row is deleted is off.
create table private.limits (
  name text primary key,
  max_count integer not null check (max_count > 0),
  within interval not null check (within > interval '0'),
  lockout interval check (lockout > interval '0'),
  about text not null
);

insert into private.limits (name, max_count, within, lockout, about) values
  ('submissions_per_client', 60, '1 hour', null,
   'responses stored per client address within the window; past it submit_response answers 429 and stores nothing'),
  ('wrong_passwords_per_client', 5, '15 minutes', '15 minutes',
   'wrong hidden-page passwords per client address within the window; the address is then refused (429) for the lockout, even with the right password'),
  ('wrong_passwords_overall', 100, '15 minutes', null,
   'wrong hidden-page passwords from all addresses together within the window; past it every password check is refused (429) until the window has room again');

-- The limits' clock: the transaction's time, plus an offset that tests move
-- forward. Only the owner can change it; leave it at 0.
create table private.clock (
  id boolean primary key default true check (id),
  ahead interval not null default interval '0'
);
insert into private.clock default values;

create function private.clock() returns timestamptz
language sql stable set search_path = '' as $$
  select now() + coalesce((select c.ahead from private.clock c where c.id), interval '0');
$$;

-- Which address is the client: the first hop of X-Forwarded-For, as the
-- platform's gateway writes it on hosted Supabase and as the local server
-- writes it (with exactly the address it determined). Null outside an HTTP
-- request; requests without the header share one 'unknown' address. This is
-- the one place to change if a deployment puts the client elsewhere.
create function private.client_address() returns text
language plpgsql stable set search_path = '' as $$
declare
  headers json;
begin
  -- A transaction-local setting reads '' once its transaction is over.
  headers := nullif(current_setting('request.headers', true), '')::json;
  if headers is null then
    return null;
  end if;
  -- An address is at most 45 characters (IPv6); anything longer is cut, not stored whole.
  return coalesce(nullif(left(btrim(split_part(headers ->> 'x-forwarded-for', ',', 1)), 64), ''), 'unknown');
exception when invalid_text_representation then
  return 'unknown';
end;
$$;

-- What limited clients did, by address and time only: never a password,
-- never a name. Rows older than every window are pruned as new ones come.
create table private.client_events (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('submission', 'wrong_password')),
  client_address text not null,
  happened_at timestamptz not null
);
create index client_events_client_idx on private.client_events (client_address, kind, happened_at);
create index client_events_kind_idx on private.client_events (kind, happened_at);

create table private.password_lockouts (
  client_address text primary key,
  until timestamptz not null
);

alter table private.limits enable row level security;
alter table private.clock enable row level security;
alter table private.client_events enable row level security;
alter table private.password_lockouts enable row level security;

-- Removes a batch of rows no window looks at any more. Rows another
-- transaction holds are left for later, so pruning never waits.
create function private.prune_client_events() returns void
language sql volatile set search_path = '' as $$
  delete from private.client_events e
  where e.id = any (array(
    select o.id from private.client_events o
    where o.happened_at <= private.clock() - (select coalesce(max(l.within), interval '1 hour') from private.limits l)
    order by o.happened_at
    limit 500
    for update skip locked));
  delete from private.password_lockouts x
  where x.client_address = any (array(
    select o.client_address from private.password_lockouts o
    where o.until <= private.clock()
    limit 500
    for update skip locked));
$$;

-- An answer in PostgREST's error shape that still commits what the function
-- did (a raised error would roll it back): PostgREST, and the local server,
-- send response.status and response.headers as they are.
create function private.refusal(status integer, code text, message text, details text default null,
                                hint text default null, retry_after interval default null)
returns json
language plpgsql volatile set search_path = '' as $$
begin
  perform set_config('response.status', status::text, true);
  if retry_after is not null then
    perform set_config('response.headers', json_build_array(json_build_object(
      'Retry-After', greatest(1, ceil(extract(epoch from retry_after)))::bigint::text))::text, true);
  end if;
  return json_build_object('code', code, 'message', message, 'details', details, 'hint', hint);
end;
$$;

-- ---------------------------------------------------------------------------
-- The hidden page's password check. Null when the password is right;
-- otherwise the refusal to return. A wrong, empty or missing password, and a
-- database where none is set yet, all get the same 403, and the wrong
-- attempt is recorded against the client's address. A client with too many
-- wrong attempts, or any client while all of them together have too many,
-- gets 429 before the password is even compared.
create function private.hidden_page_refusal(password text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller text := private.client_address();
  moment timestamptz := private.clock();
  per_client private.limits;
  overall private.limits;
  locked_until timestamptz;
  oldest timestamptz;
  failures integer;
  stored text;
begin
  select * into per_client from private.limits l where l.name = 'wrong_passwords_per_client';
  select * into overall from private.limits l where l.name = 'wrong_passwords_overall';

  if caller is not null then
    -- One check at a time per address, so concurrent guesses count exactly.
    perform pg_advisory_xact_lock(hashtextextended('hidden page password ' || caller, 0));
    select x.until into locked_until
    from private.password_lockouts x
    where x.client_address = caller and x.until > moment;
    if locked_until is not null then
      return private.refusal(429, 'PT429', 'too many wrong passwords from this address',
        format('Password checks from this address resume in %s minutes.', ceil(extract(epoch from locked_until - moment) / 60)),
        'Wait, then try again.', locked_until - moment);
    end if;
    if overall.name is not null then
      select min(w.happened_at) into oldest
      from (
        select e.happened_at from private.client_events e
        where e.kind = 'wrong_password' and e.happened_at > moment - overall.within
        order by e.happened_at desc
        limit overall.max_count
      ) w
      having count(*) >= overall.max_count;
      if oldest is not null then
        return private.refusal(429, 'PT429', 'too many wrong passwords from all addresses together',
          'Password checks resume as soon as fewer wrong passwords fall within the window.',
          'Wait, then try again.', oldest + overall.within - moment);
      end if;
    end if;
  end if;

  -- With none set, a dummy hash is still compared, so the answer takes as long.
  select s.password_hash into stored from public.hidden_page_secret s where s.id;
  if coalesce(password, '') <> ''
     and extensions.crypt(password, coalesce(stored, '$2a$10$bKebJy4VaLS7nXDQrW1F1.q5YyrgXtKHcGCfM/zL0pAH9Y0/Q8ueW')) = stored then
    return null;
  end if;

  if caller is not null then
    insert into private.client_events (kind, client_address, happened_at) values ('wrong_password', caller, moment);
    if per_client.name is not null then
      select count(*) into failures
      from private.client_events e
      where e.kind = 'wrong_password' and e.client_address = caller and e.happened_at > moment - per_client.within;
      if failures >= per_client.max_count then
        insert into private.password_lockouts (client_address, until)
        values (caller, moment + coalesce(per_client.lockout, per_client.within))
        on conflict (client_address) do update set until = excluded.until;
      end if;
    end if;
    perform private.prune_client_events();
  end if;
  return private.refusal(403, '28P01', 'invalid password');
end;
$$;

drop function private.require_hidden_page_password(text);

-- ---------------------------------------------------------------------------
-- The API functions that change, each with its grant.

-- submit_response: store one finished quiz and count its answers, atomically.
-- The caller sends the chosen answers; the scores are derived here, so no one
-- can store a score the quiz cannot produce. A repeated submission_id stores
-- nothing new and returns the scores stored the first time (safe retries),
-- even when the address is over its limit. A new one past the limit raises
-- PT429 (HTTP 429): nothing is stored or counted.
create or replace function public.submit_response(submission_id uuid, name text, answers jsonb)
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
      love_normalized, duty_normalized, honor_normalized, reason_normalized
    ) values (
      submit_response.submission_id, clean_name, raw.love, raw.duty, raw.honor, raw.reason,
      raw.love / k.love_denominator, raw.duty / k.duty_denominator,
      raw.honor / k.honor_denominator, raw.reason / k.reason_denominator
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
      if caller is not null then
        insert into private.client_events (kind, client_address, happened_at) values ('submission', caller, moment);
        perform private.prune_client_events();
      end if;
    end if;
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
grant execute on function public.submit_response(uuid, text, jsonb) to anon, authenticated;

-- secret_insights: what insights() returns, with each point's name, for the
-- holder of the hidden page's password. Volatile: a wrong guess is recorded.
create or replace function public.secret_insights(password text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  refusal json := private.hidden_page_refusal(password);
begin
  if refusal is not null then
    return refusal;
  end if;
  return private.insights_json(true);
end;
$$;
grant execute on function public.secret_insights(text) to anon, authenticated;

-- find_respondents: case-insensitive name search over every row. The query
-- is matched as plain text (no wildcards), so %, _ and quotes are just
-- characters. At most 200 matches come back, with the total.
create or replace function public.find_respondents(password text, query text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  refusal json := private.hidden_page_refusal(password);
  needle text;
  result json;
begin
  if refusal is not null then
    return refusal;
  end if;
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
grant execute on function public.find_respondents(text, text) to anon, authenticated;

-- set_hidden_page_password: for the operator (service_role) and the owner.
create or replace function public.set_hidden_page_password(password text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if password is null or char_length(password) < private.hidden_page_password_min_chars() then
    raise exception using errcode = '22023',
      message = format('the password must be at least %s characters', private.hidden_page_password_min_chars());
  end if;
  if octet_length(password) > private.hidden_page_password_max_bytes() then
    raise exception using errcode = '22023',
      message = format('the password must be at most %s bytes (in UTF-8): bcrypt reads no further',
                       private.hidden_page_password_max_bytes()),
      detail = format('This one has %s bytes.', octet_length(password));
  end if;
  insert into public.hidden_page_secret (id, password_hash, updated_at)
  values (true, extensions.crypt(password, extensions.gen_salt('bf', 10)), now())
  on conflict (id) do update set password_hash = excluded.password_hash, updated_at = excluded.updated_at;
end;
$$;
grant execute on function public.set_hidden_page_password(text) to service_role;
