-- What the public API shows of the answers and the dots is published in
-- batches (docs/retention.md, "Published in batches"): a copy of the
-- tallies, of the summary and of the quadrant counters, and the sample of
-- points, taken once at least private.batch_size() saves and withdrawals
-- have come in since the last copy. Two calls around one save then differ
-- by a whole batch or not at all. The hidden page and the groups read the
-- live tables, behind their keys.
--
-- The copy is taken when the transaction that completes a batch commits
-- (a deferred trigger), once its tallies are written too; a bulk insert by
-- the owner counts as its rows.

-- The batch in force: private.publish_batch() (src/core/publication.ts),
-- the figure /privacy states, unless a publish_batch row of the settings
-- says otherwise (whole saves, at least one; absent by default).
create function private.batch_size() returns integer
language sql stable set search_path = '' as $$
  select coalesce(
    (select s.value::integer from private.settings s where s.name = 'publish_batch'),
    private.publish_batch());
$$;

-- One row: how many batches are published, how many saves and withdrawals
-- wait for the next, and the published sample of points as the API sends it.
create table private.publication (
  id boolean primary key default true check (id),
  batch bigint not null default 0 check (batch >= 0),
  pending bigint not null default 0 check (pending >= 0),
  points text not null default '[]'
);
alter table private.publication enable row level security;
insert into private.publication (id) values (true);

-- The copies of public.response_summary and public.response_quadrants,
-- column for column, keys and checks included: a row of one reads as a row
-- of the other.
create table private.published_summary (like public.response_summary including all);
alter table private.published_summary enable row level security;

create table private.published_quadrants (like public.response_quadrants including all);
alter table private.published_quadrants enable row level security;

create table private.published_answer_counts (
  question_id integer not null,
  answer_text text not null,
  count bigint not null check (count >= 0),
  primary key (question_id, answer_text)
);
alter table private.published_answer_counts enable row level security;

-- How many points insights sends at most: past it, a uniform sample.
create function private.points_sample_size() returns integer
language sql immutable set search_path = '' as $$ select 5000 $$;

-- The first points by sample key, as compact JSON text: at 5,000 points
-- every byte counts. The index alone answers it.
create function private.sample_points_raw() returns text
language sql stable set search_path = '' as $$
  select coalesce('[' || string_agg(
           '[' || p.love || ',' || p.duty || ',' || p.honor || ',' || p.reason || ']', ','
           order by p.sample_key, p.id) || ']', '[]')
  from (
    select r.sample_key, r.id, r.love, r.duty, r.honor, r.reason
    from public.responses r
    order by r.sample_key, r.id
    limit private.points_sample_size()
  ) p;
$$;

-- The live figures copied, each table in key order, and the batch counted.
create function private.publish() returns void
language plpgsql volatile set search_path = '' set jit = off as $$
begin
  delete from private.published_answer_counts;
  insert into private.published_answer_counts (question_id, answer_text, count)
  select c.question_id, c.answer_text, c.count from public.answer_counts c order by c.question_id, c.answer_text;
  delete from private.published_quadrants;
  insert into private.published_quadrants
  select q.* from public.response_quadrants q order by q.first_value, q.second_value, q.first_high, q.second_high;
  delete from private.published_summary;
  insert into private.published_summary select s.* from public.response_summary s;
  update private.publication p set batch = p.batch + 1, pending = 0, points = private.sample_points_raw();
end;
$$;

-- Saves and withdrawals counted toward the next batch, a statement's rows at once.
create function private.count_inserted_for_publication() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.publication p set pending = p.pending + (select count(*) from inserted)
  where exists (select 1 from inserted);
  return null;
end;
$$;

create function private.count_deleted_for_publication() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.publication p set pending = p.pending + (select count(*) from deleted)
  where exists (select 1 from deleted);
  return null;
end;
$$;

create trigger responses_count_for_publication_inserted
after insert on public.responses
referencing new table as inserted
for each statement execute function private.count_inserted_for_publication();

create trigger responses_count_for_publication_deleted
after delete on public.responses
referencing old table as deleted
for each statement execute function private.count_deleted_for_publication();

-- At commit: a full batch is published. Every count queues one check; the
-- first publishes, the rest find nothing pending.
create function private.publish_when_due() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if (select p.pending from private.publication p) >= private.batch_size() then
    perform private.publish();
  end if;
  return null;
end;
$$;

create constraint trigger publication_publish_when_due
after update of pending on private.publication
deferrable initially deferred
for each row when (new.pending > old.pending)
execute function private.publish_when_due();

-- Last: it locks the settings until the end.
set local lock_timeout = '5s';
alter table private.settings add constraint settings_publish_batch_check
  check (name <> 'publish_batch' or value ~ '^[1-9][0-9]{0,5}$');
