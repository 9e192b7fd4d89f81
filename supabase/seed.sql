-- Seed for `supabase db reset` on a local Supabase stack: a handful of
-- respondents so that the charts have something to show. For volume, use
-- `npm run seed -- --respondents N` instead.

-- The reference data as src/core has it (the newest reference data
-- migration's step, re-runnable: it changes nothing when already current).
select private.apply_reference_data();

select public.submit_response(
  gen_random_uuid(),
  case when i % 3 = 0 then null else to_jsonb('Sample ' || i) end,
  (
    select jsonb_agg(jsonb_build_object('question_id', q, 'answer_text', s.answer_text) order by q)
    from generate_series(1, 12) as q
    cross join lateral (
      select answer_text from public.answer_scores
      where question_id = q
      order by md5(i::text || q::text || answer_text)
      limit 1
    ) as s
  )
)
from generate_series(1, 12) as i;
