-- The hidden page goes by one name in every file, store, function and SQL
-- object: secret_insights becomes hidden_page_insights, with the same
-- contract, answers and limits. The private definer is renamed in place (its
-- grant goes with it); the public invoker wrapper names it in its body, so it
-- is made again under the new name.
alter function private.secret_insights(text) rename to hidden_page_insights;

drop function public.secret_insights(text);

create function public.hidden_page_insights(password text) returns json
language sql volatile security invoker set search_path = '' as $$
  select private.hidden_page_insights(password);
$$;
grant execute on function public.hidden_page_insights(text) to anon, authenticated;
