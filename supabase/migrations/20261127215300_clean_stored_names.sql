-- Names stored before the name rule of 20261127215218 (src/core/names.ts)
-- are cleaned as a new one would be: a name blank to the eye becomes
-- anonymous, hidden characters go, long runs of combining marks are cut.
-- The rare name NFC would lengthen past the limit is left as it was.
-- The old versions of the rows leave the table file at the local server's
-- next hourly run (private.vacuum_due), and by autovacuum on a hosted project.
with cleaned as (
  update public.responses r set name = private.clean_name(r.name)
  where r.name is not null
    and r.name is distinct from private.clean_name(r.name)
    and coalesce(char_length(private.clean_name(r.name)), 0) <= private.name_max_length()
  returning r.id
)
select private.mark_vacuum_due(array['public.responses'])
where exists (select 1 from cleaned);
