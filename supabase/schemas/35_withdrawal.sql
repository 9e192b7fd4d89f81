-- Taking a saved result back. The browser that saved a result made a random
-- secret and sent it with the save; the database keeps two hashes of it and
-- never the secret. One hash sits on the response row; the other keys the
-- row's chosen answers below, so that a withdrawal can take them out of the
-- tallies. Without the secret the two cannot be matched: the answers stay
-- unconnected to the name.

create function private.withdrawal_secret_min_chars() returns integer
language sql immutable set search_path = '' as $$ select 32 $$;

create function private.withdrawal_hash(secret text) returns bytea
language sql immutable set search_path = '' as $$
  select extensions.digest(secret, 'sha256');
$$;

create function private.withdrawable_answers_key(secret text) returns bytea
language sql immutable set search_path = '' as $$
  select extensions.digest('answers ' || secret, 'sha256');
$$;

-- The chosen answer of each question, in question order, under the second hash.
create table private.withdrawable_answers (
  answers_key bytea primary key,
  answer_texts text[] not null
);
alter table private.withdrawable_answers enable row level security;

-- Called by submit_response once a new row is stored. A secret already in
-- use is refused: its withdrawal would not know which answers to take back.
create function private.keep_withdrawable_answers(secret text, question_ids integer[], answer_texts text[])
returns void language plpgsql volatile set search_path = '' as $$
begin
  if secret is null then
    return;
  end if;
  insert into private.withdrawable_answers (answers_key, answer_texts)
  values (private.withdrawable_answers_key(secret),
          array(select c.txt from unnest(question_ids, answer_texts) as c(qid, txt) order by c.qid))
  on conflict (answers_key) do nothing;
  if not found then
    raise exception using errcode = '22023', message = 'withdrawal_secret is already in use';
  end if;
end;
$$;

-- withdraw_response: removes the response saved with this submission_id and
-- secret, and takes its answers out of the tallies, in one transaction (the
-- summary and quadrant counters follow by trigger, 40_summary.sql). A wrong
-- secret, an unknown id and one already withdrawn all answer
-- {"withdrawn": false}, so nothing is learnt without the secret; a replay
-- does nothing. Every call counts against the client's address, and past
-- the limit the call raises PT429 (HTTP 429) and removes nothing.
create function private.withdraw_response(submission_id uuid, secret text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller text := private.client_address();
  moment timestamptz := private.clock();
  cap private.limits;
  recent integer;
  removed bigint;
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

  delete from private.withdrawable_answers a
  where a.answers_key = private.withdrawable_answers_key(secret)
  returning a.answer_texts into texts;
  update public.answer_counts c set count = c.count - 1, last_updated = now()
  from unnest(texts) with ordinality as t(txt, qid)
  where c.question_id = t.qid and c.answer_text = t.txt;
  return jsonb_build_object('withdrawn', true);
end;
$$;
grant execute on function private.withdraw_response(uuid, text) to anon, authenticated;

create function public.withdraw_response(submission_id uuid, secret text) returns jsonb
language sql volatile security invoker set search_path = '' as $$
  select private.withdraw_response(submission_id, secret);
$$;
grant execute on function public.withdraw_response(uuid, text) to anon, authenticated;
