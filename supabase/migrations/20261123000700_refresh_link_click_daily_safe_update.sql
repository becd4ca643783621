-- refresh_link_click_daily() under pg-safeupdate.
--
-- Hosted Supabase loads pg-safeupdate for API sessions: a DELETE or UPDATE without a WHERE clause
-- fails there ("DELETE requires a WHERE clause") when the function is called through /rpc. The
-- roll-up table is rebuilt in full, so the WHERE clause says so explicitly.

create or replace function public.refresh_link_click_daily()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.link_click_daily where true;
  insert into public.link_click_daily (link_id, day, clicks, unique_clicks, bot_clicks)
  select link_id, (clicked_at at time zone 'UTC')::date,
         count(*), count(*) filter (where is_unique), count(*) filter (where is_bot)
  from public.link_clicks
  group by 1, 2;
$$;

revoke execute on function public.refresh_link_click_daily() from public, anon, authenticated;
