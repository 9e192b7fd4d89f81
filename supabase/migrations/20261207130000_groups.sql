-- Groups without accounts (docs/groups.md): a class, a book club or a
-- writers' room gets a map of its own through two links. The join link
-- carries a join code (128 random bits); the owner link carries an owner key
-- (256 random bits); a member's browser makes its own member key (256 bits)
-- when it joins. The database keeps SHA-256 hashes of all three, never the
-- code or a key, in tables of the private schema that the API roles cannot
-- read: everything goes through the functions below, each asking for a code
-- or a key. An unknown code, a deleted group's and a mistyped one answer
-- alike, and so do wrong keys.

-- A group's name is cleaned as a respondent's is, and longer.
create function private.group_name_max_length() returns integer
language sql immutable set search_path = '' as $$ select 60 $$;

create function private.group_secret_hash(purpose text, secret text) returns bytea
language sql immutable set search_path = '' as $$
  select extensions.digest('group ' || purpose || ' ' || coalesce(secret, ''), 'sha256');
$$;

-- `bytes` random bytes in base64url without padding (16 bytes: 22 characters).
create function private.random_token(bytes integer) returns text
language sql volatile set search_path = '' as $$
  select rtrim(translate(encode(extensions.gen_random_bytes(bytes), 'base64'), '+/', '-_'), '=');
$$;

create table private.groups (
  id bigint generated always as identity primary key,
  join_code_hash bytea not null unique,
  owner_key_hash bytea not null unique,
  name text not null check (char_length(name) between 1 and private.group_name_max_length()),
  open boolean not null default true,
  created_at timestamptz not null default now(),
  -- Groups expire a retention after this (private.erase_expired_groups).
  last_joined_at timestamptz not null default now()
);
alter table private.groups enable row level security;

-- A membership names a saved result, never a copy of it: the name and the
-- scores are the response's own, so an erased name or a withdrawn result
-- (the row deleted, this one with it) is gone from every group at once.
create table private.group_members (
  id bigint generated always as identity primary key,
  group_id bigint not null references private.groups (id) on delete cascade,
  response_id bigint not null references public.responses (id) on delete cascade,
  member_key_hash bytea not null unique,
  joined_at timestamptz not null default now(),
  unique (group_id, response_id)
);
create index group_members_response_id_idx on private.group_members (response_id);
alter table private.group_members enable row level security;

-- A removed name must leave the table files: every removal or rename lists
-- its table for the upkeep's VACUUM FULL (35_withdrawal.sql, server/retention.ts).
create function private.group_rows_removed() returns trigger
language plpgsql volatile set search_path = '' as $$
begin
  perform private.mark_vacuum_due(array[tg_table_schema || '.' || tg_table_name]);
  return null;
end;
$$;
create trigger groups_removed after delete or update of name, owner_key_hash on private.groups
for each row execute function private.group_rows_removed();
create trigger group_members_removed after delete or update of member_key_hash on private.group_members
for each row execute function private.group_rows_removed();

insert into private.limits (name, max_count, within, lockout, about) values
  ('groups_per_client', 10, '1 hour', null,
   'groups created per client address within the window; past it create_group answers 429 and creates nothing');

insert into private.settings (name, value, about) values
  ('group_max_members', '1000',
   'how many members a group holds at most; past it join_group answers {"joined": false, "reason": "full"}'),
  ('group_retention_days', '180',
   'how many days a group is kept after its last join; private.erase_expired_groups() then deletes it and its memberships (the results stay). Deleting this row keeps groups for good.');

create function private.group_max_members() returns integer
language sql stable set search_path = '' as $$
  select coalesce((select s.value::integer from private.settings s where s.name = 'group_max_members'), 1000);
$$;

-- A name for a group as the API takes it: a JSON string, cleaned, 1 to 60 characters.
create function private.clean_group_name(name jsonb) returns text
language plpgsql immutable set search_path = '' as $$
declare
  clean text;
begin
  if jsonb_typeof(name) is distinct from 'string' then
    raise exception using errcode = '22023', message = 'name must be a string';
  end if;
  clean := private.clean_name(name #>> '{}');
  if clean is null then
    raise exception using errcode = '22023', message = 'the group needs a name';
  end if;
  if char_length(clean) > private.group_name_max_length() then
    raise exception using errcode = '22023',
      message = format('a group name must be at most %s characters', private.group_name_max_length()),
      detail = format('The name has %s characters after cleaning.', char_length(clean));
  end if;
  return clean;
end;
$$;

-- create_group: {join_code, owner_key}, each shown once. Past the
-- address's limit, a 429 with Retry-After and nothing created.
create function private.create_group(name jsonb) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  clean text := private.clean_group_name(name);
  caller text := private.client_address();
  moment timestamptz := private.clock();
  cap private.limits;
  resume_at timestamptz;
  code text := private.random_token(16);
  owner_key text := private.random_token(32);
begin
  if caller is not null then
    -- One creation at a time per address, so the count is exact.
    perform pg_advisory_xact_lock(hashtextextended('create_group ' || caller, 0));
    select * into cap from private.limits l where l.name = 'groups_per_client';
    if cap.name is not null then
      resume_at := private.window_reopens('group', caller, cap.max_count, cap.within);
      if resume_at is not null then
        return private.refusal(429, 'PT429', 'too many groups created from this address',
          format('At most %s groups are created per address within %s.', cap.max_count, cap.within),
          'Try again later.', resume_at - moment);
      end if;
    end if;
    perform private.count_client_event('group', caller, moment);
    perform private.prune_client_events();
  end if;
  insert into private.groups (join_code_hash, owner_key_hash, name)
  values (private.group_secret_hash('join', code), private.group_secret_hash('key', owner_key), clean);
  return json_build_object('join_code', code, 'owner_key', owner_key);
end;
$$;
grant execute on function private.create_group(jsonb) to anon, authenticated;
create function public.create_group(name jsonb) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.create_group(name);
$$;
grant execute on function public.create_group(jsonb) to anon, authenticated;

-- group_info: what the join link shows before joining, {found, name, open};
-- {"found": false} for any code that names no group, whatever its shape.
create function private.group_info(join_code text) returns json
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select json_build_object('found', true, 'name', g.name, 'open', g.open)
     from private.groups g where g.join_code_hash = private.group_secret_hash('join', join_code)),
    json_build_object('found', false));
$$;
grant execute on function private.group_info(text) to anon, authenticated;
create function public.group_info(join_code text) returns json
language sql stable security invoker set search_path = '' as $$
  select private.group_info(join_code);
$$;
grant execute on function public.group_info(text) to anon, authenticated;

-- join_group: adds the result saved with submission_id and its withdrawal
-- secret (only its browser holds both) to the group, with the member key
-- the browser made (64 hex digits). {joined: true, name} or {joined: false,
-- reason}: 'unknown' (no such group), 'no_result' (no such result),
-- 'closed', 'full'. A result already in the group answers joined again and
-- takes the new key, so a retried join is safe. A new membership counts
-- against the address's save limit (submissions_per_client): past it, 429.
create function private.join_group(join_code text, submission_id uuid, secret text, member_key text) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller text := private.client_address();
  moment timestamptz := private.clock();
  cap private.limits;
  resume_at timestamptz;
  found_group private.groups;
  result_id bigint;
  members integer;
begin
  if member_key is null or member_key !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = '22023', message = 'member_key must be 64 hexadecimal digits (0-9, a-f)';
  end if;
  if caller is not null then
    -- The lock submit_response takes: saves and joins share one count.
    perform pg_advisory_xact_lock(hashtextextended('submit_response ' || caller, 0));
  end if;
  -- Locked: joins to one group take turns, so the ceiling holds.
  select * into found_group from private.groups g
  where g.join_code_hash = private.group_secret_hash('join', join_code)
  for update;
  if found_group.id is null then
    return json_build_object('joined', false, 'reason', 'unknown');
  end if;
  select r.id into result_id from public.responses r
  where r.submission_id = join_group.submission_id and r.withdrawal_hash = private.withdrawal_hash(secret);
  if result_id is null then
    return json_build_object('joined', false, 'reason', 'no_result');
  end if;
  update private.group_members m set member_key_hash = private.group_secret_hash('key', member_key)
  where m.group_id = found_group.id and m.response_id = result_id;
  if found then
    return json_build_object('joined', true, 'name', found_group.name);
  end if;
  if not found_group.open then
    return json_build_object('joined', false, 'reason', 'closed');
  end if;
  select count(*) into members from private.group_members m where m.group_id = found_group.id;
  if members >= private.group_max_members() then
    return json_build_object('joined', false, 'reason', 'full');
  end if;
  if caller is not null then
    select * into cap from private.limits l where l.name = 'submissions_per_client';
    if cap.name is not null then
      resume_at := private.window_reopens('submission', caller, cap.max_count, cap.within);
      if resume_at is not null then
        return private.refusal(429, 'PT429', 'too many saves and joins from this address',
          format('At most %s results are saved or joined per address within %s.', cap.max_count, cap.within),
          'Try again later; the browser keeps the join until then.', resume_at - moment);
      end if;
    end if;
    perform private.count_client_event('submission', caller, moment);
    perform private.prune_client_events();
  end if;
  insert into private.group_members (group_id, response_id, member_key_hash)
  values (found_group.id, result_id, private.group_secret_hash('key', member_key));
  update private.groups g set last_joined_at = now() where g.id = found_group.id;
  return json_build_object('joined', true, 'name', found_group.name);
end;
$$;
grant execute on function private.join_group(text, uuid, text, text) to anon, authenticated;
create function public.join_group(join_code text, submission_id uuid, secret text, member_key text) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.join_group(join_code, submission_id, secret, member_key);
$$;
grant execute on function public.join_group(text, uuid, text, text) to anon, authenticated;

-- The group a key opens, as its owner (owner key) or one of its members
-- (member key); none for any other key.
create function private.group_of_key(key text) returns table (group_id bigint, member_id bigint, is_owner boolean)
language sql stable set search_path = '' as $$
  select g.id, null::bigint, true from private.groups g
  where g.owner_key_hash = private.group_secret_hash('key', key)
  union all
  select m.group_id, m.id, false from private.group_members m
  where m.member_key_hash = private.group_secret_hash('key', key);
$$;

-- group_map: the group's map for its owner or a member: {found, role,
-- name, open, read_at, you (the caller's member id, or null), members:
-- [{id, name, raw: [love, duty, honor, reason]}]}, raw being the saved
-- scores (the browser puts them on the results screen's scale). The owner
-- also gets each member's joined_at. {"found": false} for any other key.
create function private.group_map(key text) returns json
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select json_build_object(
       'found', true,
       'role', case when k.is_owner then 'owner' else 'member' end,
       'name', g.name,
       'open', g.open,
       'read_at', now(),
       'you', k.member_id,
       'members', coalesce((
         select json_agg(json_strip_nulls(json_build_object(
                  'id', m.id, 'name', r.name,
                  'raw', json_build_array(r.love, r.duty, r.honor, r.reason),
                  'joined_at', case when k.is_owner then
                    to_char(m.joined_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end))
                order by m.id)
         from private.group_members m join public.responses r on r.id = m.response_id
         where m.group_id = g.id), '[]'::json))
     from private.group_of_key(key) k join private.groups g on g.id = k.group_id),
    json_build_object('found', false));
$$;
grant execute on function private.group_map(text) to anon, authenticated;
create function public.group_map(key text) returns json
language sql stable security invoker set search_path = '' as $$
  select private.group_map(key);
$$;
grant execute on function public.group_map(text) to anon, authenticated;

-- leave_group: the member holding this key leaves; the result stays saved.
create function private.leave_group(key text) returns json
language plpgsql volatile security definer set search_path = '' as $$
begin
  delete from private.group_members m where m.member_key_hash = private.group_secret_hash('key', key);
  return json_build_object('left', found);
end;
$$;
grant execute on function private.leave_group(text) to anon, authenticated;
create function public.leave_group(key text) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.leave_group(key);
$$;
grant execute on function public.leave_group(text) to anon, authenticated;

-- The owner's functions: each answers {"done": false} for a key that is
-- no group's owner key, and does nothing.
create function private.owned_group(owner_key text) returns bigint
language sql stable set search_path = '' as $$
  select g.id from private.groups g where g.owner_key_hash = private.group_secret_hash('key', owner_key);
$$;

create function private.rename_group(owner_key text, name jsonb) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  clean text := private.clean_group_name(name);
begin
  update private.groups g set name = clean where g.id = private.owned_group(owner_key);
  return json_build_object('done', found);
end;
$$;
grant execute on function private.rename_group(text, jsonb) to anon, authenticated;
create function public.rename_group(owner_key text, name jsonb) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.rename_group(owner_key, name);
$$;
grant execute on function public.rename_group(text, jsonb) to anon, authenticated;

-- Closing stops new joins; the members stay.
create function private.set_group_open(owner_key text, open boolean) returns json
language plpgsql volatile security definer set search_path = '' as $$
begin
  if open is null then
    raise exception using errcode = '22023', message = 'open must be true or false';
  end if;
  update private.groups g set open = set_group_open.open where g.id = private.owned_group(owner_key);
  return json_build_object('done', found);
end;
$$;
grant execute on function private.set_group_open(text, boolean) to anon, authenticated;
create function public.set_group_open(owner_key text, open boolean) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.set_group_open(owner_key, open);
$$;
grant execute on function public.set_group_open(text, boolean) to anon, authenticated;

-- The member's result stays saved; their key opens nothing any more.
create function private.remove_group_member(owner_key text, member_id bigint) returns json
language plpgsql volatile security definer set search_path = '' as $$
begin
  delete from private.group_members m
  where m.id = remove_group_member.member_id and m.group_id = private.owned_group(owner_key);
  return json_build_object('done', found);
end;
$$;
grant execute on function private.remove_group_member(text, bigint) to anon, authenticated;
create function public.remove_group_member(owner_key text, member_id bigint) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.remove_group_member(owner_key, member_id);
$$;
grant execute on function public.remove_group_member(text, bigint) to anon, authenticated;

-- The group, its name and its memberships go; the results stay saved.
create function private.delete_group(owner_key text) returns json
language plpgsql volatile security definer set search_path = '' as $$
begin
  delete from private.groups g where g.id = private.owned_group(owner_key);
  return json_build_object('done', found);
end;
$$;
grant execute on function private.delete_group(text) to anon, authenticated;
create function public.delete_group(owner_key text) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.delete_group(owner_key);
$$;
grant execute on function public.delete_group(text) to anon, authenticated;

-- group_csv_rows: the members for the owner's CSV, as the hidden page's
-- export gives its rows: [name, joined (UTC), love, duty, honor, reason],
-- the raw scores, in joining order. {"done": false} for a wrong key.
create function private.group_csv_rows(owner_key text) returns json
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select json_build_object('done', true, 'name', g.name, 'rows', coalesce((
       select json_agg(json_build_array(
                r.name, to_char(m.joined_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                r.love, r.duty, r.honor, r.reason) order by m.id)
       from private.group_members m join public.responses r on r.id = m.response_id
       where m.group_id = g.id), '[]'::json))
     from private.groups g where g.id = private.owned_group(owner_key)),
    json_build_object('done', false));
$$;
grant execute on function private.group_csv_rows(text) to anon, authenticated;
create function public.group_csv_rows(owner_key text) returns json
language sql stable security invoker set search_path = '' as $$
  select private.group_csv_rows(owner_key);
$$;
grant execute on function public.group_csv_rows(text) to anon, authenticated;

-- Null while no retention is set.
create function private.group_retention() returns interval
language sql stable set search_path = '' as $$
  select make_interval(days => s.value::integer) from private.settings s where s.name = 'group_retention_days';
$$;

-- Deletes every group whose last join is older than the retention, with
-- its memberships, and says how many. Run hourly with the names' erasure:
-- by pg_cron on a hosted project (below), by server/retention.ts locally.
create function private.erase_expired_groups() returns integer
language plpgsql volatile set search_path = '' as $$
declare
  retention interval := private.group_retention();
  erased integer;
begin
  if retention is null then
    return 0;
  end if;
  delete from private.groups g where g.last_joined_at < now() - retention;
  get diagnostics erased = row_count;
  return erased;
end;
$$;

do $$
begin
  if not exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    raise notice 'pg_cron is not available: groups expire only when private.erase_expired_groups() is run';
    return;
  end if;
  perform cron.schedule('erase-expired-groups', '17 * * * *', 'select private.erase_expired_groups()');
end;
$$;

set local lock_timeout = '5s';
-- Whole numbers, at least one. Last: it locks the settings until the end.
alter table private.settings
  add constraint settings_group_max_members_check
    check (name <> 'group_max_members' or value ~ '^[1-9][0-9]{0,5}$'),
  add constraint settings_group_retention_days_check
    check (name <> 'group_retention_days' or value ~ '^[1-9][0-9]{0,5}$');
