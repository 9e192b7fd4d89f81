-- The hidden page's gate and the throttles, after a review from outside.
--
-- 1. A GET or HEAD of a function that checks the password ran read-only:
--    the wrong attempt's write failed, so nothing was counted and the
--    status told a right password from a wrong one, at a bcrypt each. The
--    check now refuses those first, with one answer whatever was sent.
-- 2. A flood of wrong passwords from many addresses locked the holder out
--    too. The right password now also gets a key (unlock_hidden_page),
--    checked before any limit and without bcrypt, which the browser keeps
--    for 30 days; a new password revokes all keys. The limits count an
--    IPv6 client by its /64.
-- 3. private.client_events held each submission's address and exact time,
--    equal to the response's created_at. Events are now counts per keyed
--    hash of the address, kind and 5-minute step, pruned on a schedule too;
--    private.client_events stays as a view of them for the functions that
--    count and record events through it.
-- 4. service_role could not run the API's bodies in private.

alter default privileges in schema private grant execute on functions to service_role;
grant usage on schema private to service_role;

drop table private.client_events;

-- What limited clients did, as counts per pseudonymous address, kind and
-- 5-minute step: never an address, a password, a name, an exact time or a
-- running number, so no column joins an address to a response (whose created_at is
-- exact). client_address is the keyed hash private.client_address() gives;
-- bucket_end is the end of the step the events fell in, so that a window
-- counts an event for up to one step longer than it lasts, never shorter.
create table private.client_event_counts (
  kind text not null check (kind in ('submission', 'wrong_password', 'withdrawal')),
  client_address text not null,
  bucket_end timestamptz not null,
  events integer not null check (events > 0),
  primary key (client_address, kind, bucket_end)
);
create index client_event_counts_kind_idx on private.client_event_counts (kind, bucket_end);
alter table private.client_event_counts enable row level security;

create function private.client_event_step() returns interval
language sql immutable set search_path = '' as $$ select interval '5 minutes' $$;

-- Counts one event in its step.
create function private.count_client_event(kind text, client_address text, happened_at timestamptz)
returns void language sql volatile set search_path = '' as $$
  insert into private.client_event_counts as c (kind, client_address, bucket_end, events)
  values (kind, client_address,
          date_bin(private.client_event_step(), happened_at, timestamptz 'epoch') + private.client_event_step(), 1)
  on conflict on constraint client_event_counts_pkey do update set events = c.events + 1;
$$;

-- The counts as one row per event, for the functions that count events
-- with count(*) and record them with an insert (submit_response,
-- withdraw_response): happened_at is the end of the event's step.
create view private.client_events as
  select c.kind, c.client_address, c.bucket_end as happened_at
  from private.client_event_counts c
  cross join lateral generate_series(1, c.events) as one_event;

create function private.client_events_write() returns trigger
language plpgsql volatile set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform private.count_client_event(new.kind, new.client_address, new.happened_at);
    return new;
  elsif tg_op = 'UPDATE' then
    raise exception using errcode = '0A000', message = 'events are recorded and removed, never changed';
  end if;
  delete from private.client_event_counts c
  where (c.kind, c.client_address, c.bucket_end) = (old.kind, old.client_address, old.happened_at) and c.events = 1;
  update private.client_event_counts c set events = c.events - 1
  where (c.kind, c.client_address, c.bucket_end) = (old.kind, old.client_address, old.happened_at);
  return old;
end;
$$;
create trigger client_events_write instead of insert or update or delete on private.client_events
for each row execute function private.client_events_write();

-- The key of the addresses' hash, drawn when the table is created. Kept
-- apart from private.settings: it is no setting, and no two databases share it.
create table private.client_address_key (
  id boolean primary key default true check (id),
  key bytea not null default extensions.gen_random_bytes(32)
);
alter table private.client_address_key enable row level security;
insert into private.client_address_key default values;

-- Which network a client address stands for: an IPv6 address by its /64
-- (one subscriber's share, which it can fill with addresses at will), an
-- IPv4 one (also written IPv4-mapped) by itself; anything else as it is.
create function private.client_network(address text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  parsed inet;
begin
  parsed := address::inet;
  if family(parsed) = 4 then
    return host(parsed);
  elsif parsed << inet '::ffff:0.0.0.0/96' then
    return substr(host(parsed), 8);
  end if;
  return network(set_masklen(parsed, 64))::text;
exception when invalid_text_representation then
  return address;
end;
$$;

-- What the throttles store for a client address: a keyed hash
-- (HMAC-SHA-256, hex) of its network, never the address.
create function private.client_key(address text) returns text
language sql stable set search_path = '' as $$
  select encode(extensions.hmac(convert_to(private.client_network(address), 'UTF8'),
                                (select k.key from private.client_address_key k where k.id), 'sha256'), 'hex');
$$;

-- Which client is calling, as private.client_key() of the trusted
-- header's value (its first entry, should a proxy have made it a list),
-- trimmed. Null outside an HTTP request; requests without the header share
-- one 'unknown' address.
create or replace function private.client_address() returns text
language plpgsql stable set search_path = '' as $$
declare
  headers json;
begin
  -- A transaction-local setting reads '' once its transaction is over.
  headers := nullif(current_setting('request.headers', true), '')::json;
  if headers is null then
    return null;
  end if;
  -- An address is at most 45 characters (IPv6); anything longer is cut.
  return private.client_key(coalesce(
    nullif(left(btrim(split_part(headers ->> private.client_address_header(), ',', 1), E' \t'), 64), ''),
    'unknown'));
exception when invalid_text_representation then
  return private.client_key('unknown');
end;
$$;

-- When the window of `kind` events, of one client or of all together
-- (client_address null), has room again for one more under a limit of
-- max_count per `within`: once the newest step
-- that, with all newer ones, still fills it has left it. Null while it has
-- room now.
create function private.window_reopens(kind text, client_address text, max_count integer, within interval)
returns timestamptz language plpgsql stable set search_path = '' as $$
begin
  return (
    select max(w.bucket_end) + window_reopens.within
    from (
      select c.bucket_end, sum(sum(c.events)) over (order by c.bucket_end desc) as newer
      from private.client_event_counts c
      where c.kind = window_reopens.kind
        and (window_reopens.client_address is null or c.client_address = window_reopens.client_address)
        and c.bucket_end > private.clock() - window_reopens.within
      group by c.bucket_end
    ) w
    where w.newer >= window_reopens.max_count);
end;
$$;

-- Seconds until the calling client may call `fn` again past its limit, for
-- the Retry-After of a 429 raised as an error, which carries none (those of
-- submit_response and withdraw_response). Null for a function no limit counts.
create function private.retry_after(fn text) returns integer
language sql stable set search_path = '' as $$
  select greatest(1, ceil(extract(epoch from private.window_reopens(m.kind, private.client_address(), l.max_count, l.within)
                                       - private.clock())))::integer
  from (values ('submit_response', 'submission', 'submissions_per_client'),
               ('withdraw_response', 'withdrawal', 'withdrawals_per_client')) as m(fn, kind, limit_name)
  join private.limits l on l.name = m.limit_name
  where m.fn = retry_after.fn;
$$;

-- Removes the throttle rows no window, lockout or key needs any more: at
-- most `batch` of each kind, or all of them when null; says how many. Rows
-- another transaction holds are left for later, so pruning never waits.
-- Every write of an event prunes a batch; a schedule prunes the rest
-- (70_name_retention.sql), so rows go even when no one calls.
create function private.prune_throttles(batch integer default null) returns integer
language plpgsql volatile set search_path = '' as $$
declare
  moment timestamptz := private.clock();
  removed integer;
  total integer := 0;
begin
  delete from private.client_event_counts c
  where (c.client_address, c.kind, c.bucket_end) in (
    select o.client_address, o.kind, o.bucket_end from private.client_event_counts o
    where o.bucket_end <= moment - (select coalesce(max(l.within), interval '1 hour') from private.limits l)
    limit batch
    for update skip locked);
  get diagnostics removed = row_count;
  total := total + removed;
  delete from private.password_lockouts x
  where x.client_address in (
    select o.client_address from private.password_lockouts o
    where o.until <= moment
    limit batch
    for update skip locked);
  get diagnostics removed = row_count;
  total := total + removed;
  delete from private.hidden_page_keys k
  where k.key_hash in (
    select o.key_hash from private.hidden_page_keys o
    where o.expires_at <= moment
    limit batch
    for update skip locked);
  get diagnostics removed = row_count;
  return total + removed;
end;
$$;

create or replace function private.prune_client_events() returns void
language sql volatile set search_path = '' as $$
  select private.prune_throttles(500);
$$;

-- The rows already there name addresses in the clear: the limits start afresh.
delete from private.password_lockouts where true;

-- Keys the page hands a browser that gave the right password
-- (unlock_hidden_page), so that it can come back without the password and
-- past the limits on wrong ones. Kept as SHA-256 hashes only; a new
-- password revokes them all.
create table private.hidden_page_keys (
  key_hash bytea primary key,
  expires_at timestamptz not null
);
alter table private.hidden_page_keys enable row level security;

create function private.hidden_page_key_lifetime() returns interval
language sql immutable set search_path = '' as $$ select interval '30 days' $$;

-- The check that guards the page. Null when the key is valid or the
-- password is right; otherwise the refusal to return.
--
-- A GET or HEAD is refused first, whatever was sent: PostgREST runs those
-- read-only, where a wrong attempt could not be counted, so the answer
-- would tell a right password from a wrong one for free. A valid key is
-- checked next, before any limit and without bcrypt. An unknown or
-- expired key, sent alone, gets its own 403 and counts as nothing. Then
-- the password: a wrong, empty or missing one, and a database where none
-- is set yet, all get the same 403, and the wrong attempt is counted
-- against the client's address. A client with too many wrong attempts, or
-- any client while all of them together have too many, gets 429 before
-- the password is even compared.
create function private.hidden_page_refusal(password text, key text) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller text;
  moment timestamptz := private.clock();
  per_client private.limits;
  overall private.limits;
  locked_until timestamptz;
  resume_at timestamptz;
  failures integer;
  stored text;
begin
  if current_setting('request.method', true) in ('GET', 'HEAD') or current_setting('transaction_read_only') = 'on' then
    return private.refusal(405, 'PT405', 'the hidden page answers POST requests only',
      'A GET or HEAD request cannot count a wrong password, so none is checked.',
      'Send the password or key in the JSON body of a POST request.');
  end if;

  if key is not null then
    if exists (select 1 from private.hidden_page_keys k
               where k.key_hash = extensions.digest(key, 'sha256') and k.expires_at > moment) then
      return null;
    end if;
    if coalesce(password, '') = '' then
      return private.refusal(403, '28P01', 'unknown or expired key', null, 'Unlock the page with its password again.');
    end if;
  end if;

  caller := private.client_address();
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
      resume_at := private.window_reopens('wrong_password', null, overall.max_count, overall.within);
      if resume_at is not null then
        return private.refusal(429, 'PT429', 'too many wrong passwords from all addresses together',
          'Password checks resume as soon as fewer wrong passwords fall within the window.',
          'Wait, then try again.', resume_at - moment);
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
    perform private.count_client_event('wrong_password', caller, moment);
    if per_client.name is not null then
      select coalesce(sum(c.events), 0) into failures
      from private.client_event_counts c
      where c.kind = 'wrong_password' and c.client_address = caller and c.bucket_end > moment - per_client.within;
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

-- unlock_hidden_page: a key for the holder of the password, valid for
-- private.hidden_page_key_lifetime(): {key, expires_at}. The browser keeps
-- it and sends it instead of the password.
create function private.unlock_hidden_page(password text) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  refusal json := private.hidden_page_refusal(password, null);
  key text := rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/', '-_'), '=');
  expires timestamptz := private.clock() + private.hidden_page_key_lifetime();
begin
  if refusal is not null then
    return refusal;
  end if;
  insert into private.hidden_page_keys (key_hash, expires_at) values (extensions.digest(key, 'sha256'), expires);
  return json_build_object('key', key, 'expires_at', expires);
end;
$$;
grant execute on function private.unlock_hidden_page(text) to anon, authenticated;

create function public.unlock_hidden_page(password text) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.unlock_hidden_page(password);
$$;
grant execute on function public.unlock_hidden_page(text) to anon, authenticated;

create or replace function public.set_hidden_page_password(password text) returns void
language plpgsql security definer set search_path = '' as $$
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
  -- A new password revokes every key the old one handed out.
  delete from private.hidden_page_keys k where true;
end;
$$;

drop function public.hidden_page_insights(text);
drop function private.hidden_page_insights(text);
drop function public.find_respondents(text, text);
drop function private.find_respondents(text, text);
drop function public.export_respondents(text, bigint, integer);
drop function private.export_respondents(text, bigint, integer);
drop function private.hidden_page_refusal(text);

-- hidden_page_insights: what insights() returns, with each point's name, for the
-- holder of the password. Volatile: a wrong guess is recorded.
create function private.hidden_page_insights(password text, key text) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  refusal json := private.hidden_page_refusal(password, key);
begin
  if refusal is not null then
    return refusal;
  end if;
  return private.insights_json(true);
end;
$$;
grant execute on function private.hidden_page_insights(text, text) to anon, authenticated;

create function public.hidden_page_insights(password text default null, key text default null) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.hidden_page_insights(password, key);
$$;
grant execute on function public.hidden_page_insights(text, text) to anon, authenticated;

-- find_respondents: case-insensitive name search over every row. The query
-- is matched as plain text (no wildcards), so %, _ and quotes are just
-- characters. At most 200 matches come back, with the total.
create function private.find_respondents(password text, query text, key text) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  refusal json := private.hidden_page_refusal(password, key);
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
grant execute on function private.find_respondents(text, text, text) to anon, authenticated;

create function public.find_respondents(password text, query text, key text default null) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.find_respondents(password, query, key);
$$;
grant execute on function public.find_respondents(text, text, text) to anon, authenticated;

-- export_respondents: what the hidden page shows, row by row, for its CSV
-- download: name (null when anonymous or erased), time (UTC) and the four
-- normalized values, in the order of id. One page per call, after_id being
-- the last id of the page before (null for the first): a keyset, so the last
-- page of a million rows costs what the first does. next is the id to ask
-- after, null on the last page; total is how many rows there are now. Each
-- page passes the same password check and throttle as the page itself.
create function private.export_respondents(password text, after_id bigint, page_size integer, key text) returns json
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
             p.love_normalized, p.duty_normalized, p.honor_normalized, p.reason_normalized
           ) order by p.id), '[]'::json),
           'next', case when count(*) = page_size then max(p.id) end)
  into result
  from (
    select r.id, r.name, r.created_at,
           r.love_normalized, r.duty_normalized, r.honor_normalized, r.reason_normalized
    from public.responses r
    where r.id > coalesce(after_id, 0)
    order by r.id
    limit page_size
  ) p;
  return result;
end;
$$;
grant execute on function private.export_respondents(text, bigint, integer, text) to anon, authenticated;

create function public.export_respondents(password text, after_id bigint, page_size integer, key text default null)
returns json language sql volatile security invoker set search_path = '' as $$
  select private.export_respondents(password, after_id, page_size, key);
$$;
grant execute on function public.export_respondents(text, bigint, integer, text) to anon, authenticated;

-- Pruned on the hour where pg_cron runs (the names' erasure created it).
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('prune-throttles', '47 * * * *', 'select private.prune_throttles()');
  end if;
end;
$$;

grant execute on all functions in schema private to service_role;
