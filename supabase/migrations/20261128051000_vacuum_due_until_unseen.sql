-- A table a withdrawal or an erasure removed rows from was taken off the
-- list at the hourly VACUUM FULL even when a transaction still running could
-- see those rows: VACUUM kept them, and the removed name stayed in the file
-- until some later withdrawal. The list now records the newest transaction
-- that removed rows, and a table stays on it while a snapshot from before
-- that transaction is open.
-- The list is a row or two, read by the hourly run alone: its lock is brief.
set lock_timeout = '10s';
alter table private.vacuum_due add column removed_by xid8 not null default pg_current_xact_id();

create or replace function private.mark_vacuum_due(relations text[]) returns void
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

reset lock_timeout;
