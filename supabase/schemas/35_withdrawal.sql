-- Taking a saved result back. The browser that saved a result made a random
-- secret (64 hex digits) and sent it with the save; the database keeps
-- hashes of it and never the secret. One hash sits on the response row; the
-- chosen answers are kept apart, sealed with a key derived from the secret
-- and found by a hash of that key, so that a withdrawal can take them out of
-- the tallies. Without the secret the answers can be neither read nor
-- matched to a row: the answers stay unconnected to the name.

create function private.withdrawal_hash(secret text) returns bytea
language sql immutable set search_path = '' as $$
  select extensions.digest(secret, 'sha256');
$$;

-- The key that seals a result's answers: never stored.
create function private.answers_seal_key(secret text) returns bytea
language sql immutable set search_path = '' as $$
  select extensions.digest('answers ' || secret, 'sha256');
$$;

-- Where the sealed answers are found: a hash of the sealing key.
create function private.withdrawable_answers_key(secret text) returns bytea
language sql immutable set search_path = '' as $$
  select extensions.digest(private.answers_seal_key(secret), 'sha256');
$$;

-- The chosen answer of each question, in question order, as a JSON array
-- padded to a multiple of 256 characters (so the length tells little), in
-- OpenPGP's symmetric encryption under the sealing key.
create table private.withdrawable_answers (
  answers_key bytea primary key,
  sealed bytea not null
);
alter table private.withdrawable_answers enable row level security;

-- The sealed answers of the saves since the last upkeep. A save's row here
-- carries the save's transaction id; the upkeep moves them into
-- private.withdrawable_answers in its own transaction, in the order of
-- their keys, so that no moved row shares a transaction id or an order
-- with its response.
create table private.withdrawable_answers_recent (
  answers_key bytea primary key,
  sealed bytea not null
);
alter table private.withdrawable_answers_recent enable row level security;

create function private.seal_answers(answer_texts text[], seal_key bytea) returns bytea
language sql volatile set search_path = '' as $$
  select extensions.pgp_sym_encrypt(
    rpad(j, (length(j) / 256 + 1) * 256),
    encode(seal_key, 'hex'),
    'cipher-algo=aes256, s2k-mode=1')
  from (select to_jsonb(answer_texts::text[])::text as j) as x;
$$;

create function private.unseal_answers(sealed bytea, seal_key bytea) returns text[]
language sql immutable set search_path = '' as $$
  select array(select jsonb_array_elements_text(extensions.pgp_sym_decrypt(sealed, encode(seal_key, 'hex'))::jsonb));
$$;

-- A withdrawn submission id stays withdrawn: a replayed save of it stores
-- nothing. Only a hash of the id is kept, nothing else of the response.
create table private.withdrawn_submissions (
  submission_hash bytea primary key
);
alter table private.withdrawn_submissions enable row level security;

create function private.withdrawn_submission_hash(submission_id uuid) returns bytea
language sql immutable set search_path = '' as $$
  select extensions.digest('withdrawn ' || submission_id::text, 'sha256');
$$;

-- What the local server's upkeep (server/retention.ts) must vacuum, so that
-- removed names and answers leave the table files: a withdrawal or an
-- erasure names the tables it removed rows from, and itself as the newest
-- transaction that did.
create table private.vacuum_due (
  relation text primary key,
  removed_by xid8 not null default pg_current_xact_id()
);
alter table private.vacuum_due enable row level security;

create function private.mark_vacuum_due(relations text[]) returns void
language sql volatile set search_path = '' as $$
  insert into private.vacuum_due (relation) select unnest(relations::text[])
  on conflict (relation) do update set removed_by = greatest(private.vacuum_due.removed_by, excluded.removed_by);
$$;

-- The tables due, and whether a transaction still running may see rows
-- removed from them: VACUUM keeps a removed row while a snapshot from before
-- its removal may read it, so such a table is vacuumed again at the next
-- run. Held back by this database's sessions, by those of none (the
-- horizon of every table counts them), by its prepared transactions and by
-- replication slots.
create function private.vacuum_due_now() returns table (relation text, removed_by xid8, still_seen boolean)
language sql stable set search_path = '' as $$
  with due as (
    select d.relation, d.removed_by, ((d.removed_by::text::numeric % 4294967296)::text)::xid as xid
    from private.vacuum_due d
  )
  select due.relation, due.removed_by,
    exists (
      select 1 from pg_catalog.pg_stat_activity a
      where a.pid <> pg_catalog.pg_backend_pid()
        and (a.datname = pg_catalog.current_database() or a.datname is null)
        and (pg_catalog.age(a.backend_xmin) >= pg_catalog.age(due.xid)
             or pg_catalog.age(a.backend_xid) >= pg_catalog.age(due.xid)))
    or exists (
      select 1 from pg_catalog.pg_prepared_xacts p
      where p.database = pg_catalog.current_database() and pg_catalog.age(p.transaction) >= pg_catalog.age(due.xid))
    or exists (
      select 1 from pg_catalog.pg_replication_slots s
      where (s.database = pg_catalog.current_database() or s.database is null)
        and pg_catalog.age(s.xmin) >= pg_catalog.age(due.xid))
  from due;
$$;

-- Called by submit_response once a new row is stored. A secret already in
-- use is refused: its withdrawal would not know which answers to take back.
create function private.keep_withdrawable_answers(secret text, question_ids integer[], answer_texts text[])
returns void language plpgsql volatile set search_path = '' as $$
declare
  sought bytea := private.withdrawable_answers_key(secret);
begin
  if secret is null then
    return;
  end if;
  if not exists (select 1 from private.withdrawable_answers a where a.answers_key = sought) then
    insert into private.withdrawable_answers_recent (answers_key, sealed)
    values (sought,
            private.seal_answers(
              array(select c.txt from unnest(question_ids, answer_texts) as c(qid, txt) order by c.qid),
              private.answers_seal_key(secret)))
    on conflict (answers_key) do nothing;
    if found then
      return;
    end if;
  end if;
  raise exception using errcode = '22023', message = 'withdrawal_secret is already in use';
end;
$$;

-- withdraw_response: removes the response saved with this submission_id and
-- secret, and takes its answers out of the tallies, in one transaction (the
-- summary and quadrant counters follow by trigger, 40_summary.sql). A wrong
-- secret, an unknown id and one already withdrawn all answer
-- {"withdrawn": false}, so nothing is learnt without the secret; a replay
-- does nothing. The id's hash is kept (private.withdrawn_submissions) so
-- that a replayed save of it stores nothing. Every call counts against the client's address, and past
-- the limit the call raises PT429 (HTTP 429) and removes nothing.
create function private.withdraw_response(submission_id uuid, secret text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller text := private.client_address();
  moment timestamptz := private.clock();
  cap private.limits;
  recent integer;
  removed bigint;
  kept bytea;
  texts text[];
begin
  if caller is not null then
    -- One withdrawal at a time per address, so the count below is exact.
    perform pg_advisory_xact_lock(hashtextextended('withdraw_response ' || caller, 0));
    select * into cap from private.limits l where l.name = 'withdrawals_per_client';
    if cap.name is not null then
      select count(*) into recent
      from private.client_events e
      where e.kind = 'withdrawal' and e.client_address = caller and e.happened_at > moment - cap.within;
      if recent >= cap.max_count then
        raise exception using errcode = 'PT429',
          message = 'too many withdrawals from this address',
          detail = format('At most %s withdrawals are taken per address within %s.', cap.max_count, cap.within),
          hint = 'Try again later; the browser keeps the request until then.';
      end if;
    end if;
    insert into private.client_events (kind, client_address, happened_at) values ('withdrawal', caller, moment);
    perform private.prune_client_events();
  end if;

  delete from public.responses r
  where r.submission_id = withdraw_response.submission_id
    and r.withdrawal_hash = private.withdrawal_hash(secret)
  returning r.id into removed;
  if removed is null then
    return jsonb_build_object('withdrawn', false);
  end if;

  insert into private.withdrawn_submissions (submission_hash)
  values (private.withdrawn_submission_hash(withdraw_response.submission_id))
  on conflict (submission_hash) do nothing;
  -- private.withdrawable_answers_recent is rewritten at every run anyway.
  perform private.mark_vacuum_due(array['public.responses', 'private.withdrawable_answers']);

  delete from private.withdrawable_answers a
  where a.answers_key = private.withdrawable_answers_key(secret)
  returning a.sealed into kept;
  if kept is null then
    delete from private.withdrawable_answers_recent a
    where a.answers_key = private.withdrawable_answers_key(secret)
    returning a.sealed into kept;
  end if;
  texts := private.unseal_answers(kept, private.answers_seal_key(secret));
  update public.answer_counts c set count = c.count - 1
  from unnest(texts) with ordinality as t(txt, qid)
  where c.question_id = t.qid and c.answer_text = t.txt;
  perform private.touch_other_answer_counts(
    array(select generate_series(1, cardinality(texts))), texts);
  return jsonb_build_object('withdrawn', true);
end;
$$;
grant execute on function private.withdraw_response(uuid, text) to anon, authenticated;

create function public.withdraw_response(submission_id uuid, secret text) returns jsonb
language sql volatile security invoker set search_path = '' as $$
  select private.withdraw_response(submission_id, secret);
$$;
grant execute on function public.withdraw_response(uuid, text) to anon, authenticated;
