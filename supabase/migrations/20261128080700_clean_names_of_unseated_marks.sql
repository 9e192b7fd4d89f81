-- Names stored before the rule of 20261128080606 dropped combining marks
-- with no character to sit on (at the start of a name, or after a space)
-- are cleaned as a new one would be: a name of such marks alone becomes
-- anonymous. The old versions of the rows leave the table file at the local
-- server's next hourly run (private.vacuum_due), and by autovacuum on a
-- hosted project.
with cleaned as (
  update public.responses r set name = private.clean_name(r.name)
  where r.name is not null
    and r.name is distinct from private.clean_name(r.name)
  returning r.id
)
select private.mark_vacuum_due(array['public.responses'])
where exists (select 1 from cleaned);
