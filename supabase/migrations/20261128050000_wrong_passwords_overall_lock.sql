-- The overall ceiling on wrong hidden-page passwords held only per address:
-- checks from many addresses at the same moment each found the window open,
-- and all were counted past the ceiling, as many as connections ran. The
-- check now also takes one lock for every address while the ceiling applies.
create or replace function private.hidden_page_refusal(password text, key text) returns json
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
