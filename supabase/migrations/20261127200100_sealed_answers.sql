-- The kept answers of 20261126100000, in the clear and in the order of the
-- saves, sealed under the key they were found by and found by its hash
-- (the functions of 20261127200000), and written again in that hash's order.
-- The table is emptied by TRUNCATE, which gives it a new file: the answers in
-- the clear leave the disk at commit rather than stay as dead rows.

set local lock_timeout = '5s';

create temporary table sealed_answers on commit drop as
select extensions.digest(a.answers_key, 'sha256') as answers_key,
       private.seal_answers(a.answer_texts, a.answers_key) as sealed
from private.withdrawable_answers a;
truncate private.withdrawable_answers;
alter table private.withdrawable_answers drop column answer_texts, add column sealed bytea not null;
insert into private.withdrawable_answers (answers_key, sealed)
select s.answers_key, s.sealed from sealed_answers s order by s.answers_key;
