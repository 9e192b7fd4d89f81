-- The client's address comes from one header that the platform in front of
-- PostgREST writes itself, never from X-Forwarded-For.
--
-- X-Forwarded-For is a list that every proxy appends to: its first entry is
-- whatever the caller sent, so rotating it escaped the submission cap and the
-- password throttle, and forging someone else's address locked them out.
-- Hosted Supabase answers through Cloudflare, which sets CF-Connecting-IP to
-- the address that connected to it and replaces any value a caller sent
-- (README, "Which address is the client"). The local server writes the same
-- header, with the address it determined, over anything the client sent; it
-- asks private.client_address_header() which one at start-up.

-- Settings of the deployment that are not limits: one row per setting. Only
-- the owner reads or changes them (RLS on, no policy, no grant).
create table private.settings (
  name text primary key,
  value text not null,
  about text not null,
  -- A header name as PostgREST passes it: lower case, letters, digits and dashes.
  constraint settings_client_address_header_check
    check (name <> 'client_address_header' or value ~ '^[a-z0-9][a-z0-9-]*$')
);
alter table private.settings enable row level security;
revoke all on table private.settings from public, anon, authenticated;

insert into private.settings (name, value, about) values
  ('client_address_header', 'cf-connecting-ip',
   'the request header (lower case) that carries the client''s address as the platform in front of PostgREST sets it; a client cannot forge it there. Requests without it share one ''unknown'' address.');

create function private.client_address_header() returns text
language sql stable set search_path = '' as $$
  select s.value from private.settings s where s.name = 'client_address_header';
$$;
revoke all on function private.client_address_header() from public, anon, authenticated;

-- Which address is the client: the trusted header's value (its first entry,
-- should a proxy have made it a list), trimmed. Null outside an HTTP request:
-- the owner's SQL editor and scripts are not limited. Requests without the
-- header share one 'unknown' address.
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
  -- An address is at most 45 characters (IPv6); anything longer is cut, not stored whole.
  return coalesce(
    nullif(left(btrim(split_part(headers ->> private.client_address_header(), ',', 1), E' \t'), 64), ''),
    'unknown');
exception when invalid_text_representation then
  return 'unknown';
end;
$$;
