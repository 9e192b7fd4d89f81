-- A client address in the forms proxies write it (brackets, a port, an IPv6
-- zone) counts as the bare address: written another way it escaped its
-- per-address limits.
-- Which network a client address stands for: an IPv6 address by its /64
-- (one subscriber's share, which it can fill with addresses at will), an
-- IPv4 one (also written IPv4-mapped) by itself, with or without a port,
-- brackets or a zone; anything else as it is.
create or replace function private.client_network(address text) returns text
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
