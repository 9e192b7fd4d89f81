-- The hidden page: its password, kept as a bcrypt hash only, the check that
-- guards it, and the functions behind the page.

-- One row at most.
create table public.hidden_page_secret (
  id boolean primary key default true check (id),
  password_hash text not null,
  updated_at timestamptz not null default now()
);
alter table public.hidden_page_secret enable row level security;

create function private.hidden_page_password_min_chars() returns integer
language sql immutable set search_path = '' as $$ select 8 $$;

-- bcrypt reads the first 72 bytes only: two longer passwords sharing them
-- would be the same password, so a longer one is refused rather than cut.
create function private.hidden_page_password_max_bytes() returns integer
language sql immutable set search_path = '' as $$ select 72 $$;

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
      -- And one check at a time overall: checks from many addresses at
      -- once would each find the window open and all be counted past it.
      perform pg_advisory_xact_lock(hashtextextended('hidden page password, every address', 0));
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

-- set_hidden_page_password: for the operator (service_role, npm run
-- set-password) and the owner.
create function public.set_hidden_page_password(password text) returns void
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
grant execute on function public.set_hidden_page_password(text) to service_role;

-- The page's API: each function in public runs as its caller and calls a
-- definer of the same name and contract in private, which PostgREST does not
-- expose (60_insights.sql says why).

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
-- download: name (null when anonymous or erased), time (UTC), the four raw
-- totals (the results screen's percentages are read from them) and the four
-- saved normalized values, in the order of id. One page per call, after_id being
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
             p.love, p.duty, p.honor, p.reason,
             p.love_normalized, p.duty_normalized, p.honor_normalized, p.reason_normalized
           ) order by p.id), '[]'::json),
           'next', case when count(*) = page_size then max(p.id) end)
  into result
  from (
    select r.id, r.name, r.created_at, r.love, r.duty, r.honor, r.reason,
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
