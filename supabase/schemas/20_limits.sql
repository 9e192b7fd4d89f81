-- Abuse limits, read from the request the way PostgREST passes it to the
-- database (request.headers, JSON with lower-case names), so the same SQL
-- limits a hosted project and the local server alike. A call made outside
-- any HTTP request (the owner in the SQL editor, seed scripts) has no
-- request.headers and is not limited. Only the owner reads or changes these
-- tables (RLS on, no policy, no grant).

-- Every limit is a row the operator can change (README, "Limits"). A limit
-- whose row is deleted is off.
create table private.limits (
  name text primary key,
  max_count integer not null check (max_count > 0),
  within interval not null check (within > interval '0'),
  lockout interval check (lockout > interval '0'),
  about text not null
);
alter table private.limits enable row level security;

insert into private.limits (name, max_count, within, lockout, about) values
  ('submissions_per_client', 60, '1 hour', null,
   'responses stored per client address within the window; past it submit_response answers 429 and stores nothing'),
  ('wrong_passwords_per_client', 5, '15 minutes', '15 minutes',
   'wrong hidden-page passwords per client address within the window; the address is then refused (429) for the lockout, even with the right password'),
  ('wrong_passwords_overall', 100, '15 minutes', null,
   'wrong hidden-page passwords from all addresses together within the window; past it every password check is refused (429) until the window has room again'),
  ('withdrawals_per_client', 20, '15 minutes', null,
   'withdrawals asked for per client address within the window, right or wrong; past it withdraw_response answers 429 and removes nothing');

-- Settings of the deployment that are not limits: one row per setting.
create table private.settings (
  name text primary key,
  value text not null,
  about text not null,
  -- A header name as PostgREST passes it: lower case, letters, digits and dashes.
  constraint settings_client_address_header_check
    check (name <> 'client_address_header' or value ~ '^[a-z0-9][a-z0-9-]*$')
);
alter table private.settings enable row level security;

-- Hosted Supabase answers through Cloudflare, which sets CF-Connecting-IP to
-- the address that connected to it and replaces any value a caller sent
-- (README, "Which address is the client"). X-Forwarded-For's first entry is
-- whatever the caller sent. The local server writes the named header itself.
insert into private.settings (name, value, about) values
  ('client_address_header', 'cf-connecting-ip',
   'the request header (lower case) that carries the client''s address as the platform in front of PostgREST sets it; a client cannot forge it there. Requests without it share one ''unknown'' address.');

-- The limits' clock: the transaction's time, plus an offset that tests move
-- forward. Only the owner can change it; leave it at 0.
create table private.clock (
  id boolean primary key default true check (id),
  ahead interval not null default interval '0'
);
alter table private.clock enable row level security;
insert into private.clock default values;

create function private.clock() returns timestamptz
language sql stable set search_path = '' as $$
  select now() + coalesce((select c.ahead from private.clock c where c.id), interval '0');
$$;

-- What limited clients did, as counts per pseudonymous address, kind and
-- 5-minute step: never an address, a password, a name, an exact time or a
-- running number, so no column joins an address to a response (whose created_at is
-- exact). client_address is the keyed hash private.client_address() gives;
-- bucket_end is the end of the step the events fell in, so that a window
-- counts an event for up to one step longer than it lasts, never shorter.
create table private.client_event_counts (
  kind text not null check (kind in ('submission', 'wrong_password', 'withdrawal', 'group')),
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

create table private.password_lockouts (
  client_address text primary key,
  until timestamptz not null
);
alter table private.password_lockouts enable row level security;

-- The key of the addresses' hash, drawn when the table is created. Kept
-- apart from private.settings: it is no setting, and no two databases share it.
create table private.client_address_key (
  id boolean primary key default true check (id),
  key bytea not null default extensions.gen_random_bytes(32)
);
alter table private.client_address_key enable row level security;
insert into private.client_address_key default values;

-- The header the local server writes at every request, asked once at start-up.
create function private.client_address_header() returns text
language sql stable set search_path = '' as $$
  select s.value from private.settings s where s.name = 'client_address_header';
$$;

-- Which network a client address stands for: an IPv6 address by its /64
-- (one subscriber's share, which it can fill with addresses at will), an
-- IPv4 one (also written IPv4-mapped) by itself, with or without a port,
-- brackets or a zone; anything else as it is.
create function private.client_network(address text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  parsed inet;
begin
  -- The forms proxies write beside the bare address: IPv6 in brackets, a
  -- port after either, a zone after IPv6. Each names the same client.
  address := regexp_replace(address, '^\[([^]]+)\](:[0-9]+)?$', '\1');
  address := regexp_replace(address, '^([0-9]{1,3}(\.[0-9]{1,3}){3}):[0-9]+$', '\1');
  address := regexp_replace(address, '%[^/]*$', '');
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

create function private.prune_client_events() returns void
language sql volatile set search_path = '' as $$
  select private.prune_throttles(500);
$$;

-- An answer in PostgREST's error shape that still commits what the function
-- did (a raised error would roll it back): PostgREST, and the local server,
-- send response.status and response.headers as they are.
create function private.refusal(status integer, code text, message text, details text default null,
hint text default null, retry_after interval default null) returns json language plpgsql volatile set search_path = '' as $$
begin
  perform set_config('response.status', status::text, true);
  if retry_after is not null then
    perform set_config('response.headers', json_build_array(json_build_object(
      'Retry-After', greatest(1, ceil(extract(epoch from retry_after)))::bigint::text))::text, true);
  end if;
  return json_build_object('code', code, 'message', message, 'details', details, 'hint', hint);
end;
$$;
