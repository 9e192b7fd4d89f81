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

-- What limited clients did, by address and time only: never a password,
-- never a name. Rows older than every window are pruned as new ones come.
create table private.client_events (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('submission', 'wrong_password', 'withdrawal')),
  client_address text not null,
  happened_at timestamptz not null
);
create index client_events_client_idx on private.client_events (client_address, kind, happened_at);
create index client_events_kind_idx on private.client_events (kind, happened_at);
alter table private.client_events enable row level security;

create table private.password_lockouts (
  client_address text primary key,
  until timestamptz not null
);
alter table private.password_lockouts enable row level security;

-- The header the local server writes at every request, asked once at start-up.
create function private.client_address_header() returns text
language sql stable set search_path = '' as $$
  select s.value from private.settings s where s.name = 'client_address_header';
$$;

-- Which address is the client: the trusted header's value (its first entry,
-- should a proxy have made it a list), trimmed. Null outside an HTTP request;
-- requests without the header share one 'unknown' address.
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
  return coalesce(
    nullif(left(btrim(split_part(headers ->> private.client_address_header(), ',', 1), E' \t'), 64), ''),
    'unknown');
exception when invalid_text_representation then
  return 'unknown';
end;
$$;

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
