-- The scoring core's copy in the database: every answer with its scores,
-- the denominators of the saved values and of the results screen. Rows come from src/core through
-- 90_reference_data.sql; the anon and authenticated roles hold no privilege
-- on any table (RLS on, no policy), and every read goes through a function.

create table public.answer_scores (
  question_id integer not null check (question_id between 1 and private.question_count()),
  answer_text text not null,
  position integer not null,
  love double precision not null,
  duty double precision not null,
  honor double precision not null,
  reason double precision not null,
  primary key (question_id, answer_text)
);
alter table public.answer_scores enable row level security;

-- One row.
create table public.scoring_constants (
  id boolean primary key default true check (id),
  love_denominator double precision not null,
  duty_denominator double precision not null,
  honor_denominator double precision not null,
  reason_denominator double precision not null,
  quadrant_split double precision not null,
  -- the results screen's denominators (Reason 15), for every published figure
  love_result_denominator double precision not null,
  duty_result_denominator double precision not null,
  honor_result_denominator double precision not null,
  reason_result_denominator double precision not null
);
alter table public.scoring_constants enable row level security;
