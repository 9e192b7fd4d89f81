-- answer_counts.last_updated told which answers the latest respondent chose
-- (and after a withdrawal, the withdrawn ones): dropped.

set local lock_timeout = '5s';

alter table public.answer_counts drop column last_updated;
