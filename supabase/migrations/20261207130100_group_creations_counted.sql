-- A group's creation counts against its address as events of a kind of
-- its own (create_group, 20261207130000_groups.sql). Alone in its
-- migration: it locks the throttles' counts, which every save writes, for
-- no longer than the check takes over about an hour of rows.
set local lock_timeout = '5s';
alter table private.client_event_counts
  drop constraint client_event_counts_kind_check,
  add constraint client_event_counts_kind_check
    check (kind in ('submission', 'wrong_password', 'withdrawal', 'group'));
