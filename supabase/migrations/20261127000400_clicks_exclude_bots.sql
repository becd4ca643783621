-- Bots are not clicks.
--
-- The tracker stores the requests of bots and link-preview agents (flagged `is_bot`) but they are
-- never counted as clicks. The daily roll-up's `clicks` still counted every stored row, so each
-- link preview (Slack, X, Facebook unfurling a shared link) and each crawler raised the "Clicks"
-- figure of the affiliate's dashboard, the per-link statistics, the merchant's affiliate list and
-- the platform figures. From now on:
--   clicks        = clicks by people (bots excluded; a visitor's repeats within the hour included),
--   unique_clicks = counted clicks (one per link, visitor and hour; bots excluded),
--   bot_clicks    = requests by bots and link-preview agents (stored for the record only).

create or replace function public.link_clicks_roll_up()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.link_click_daily as d (link_id, day, clicks, unique_clicks, bot_clicks)
  select n.link_id, (n.clicked_at at time zone 'UTC')::date,
         count(*) filter (where not n.is_bot), count(*) filter (where n.is_unique),
         count(*) filter (where n.is_bot)
  from new_clicks n
  group by 1, 2
  on conflict (link_id, day) do update
    set clicks = d.clicks + excluded.clicks,
        unique_clicks = d.unique_clicks + excluded.unique_clicks,
        bot_clicks = d.bot_clicks + excluded.bot_clicks;
  return null;
end;
$$;

create or replace function public.refresh_link_click_daily()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.link_click_daily where true;
  insert into public.link_click_daily (link_id, day, clicks, unique_clicks, bot_clicks)
  select link_id, (clicked_at at time zone 'UTC')::date,
         count(*) filter (where not is_bot), count(*) filter (where is_unique),
         count(*) filter (where is_bot)
  from public.link_clicks
  group by 1, 2;
$$;

revoke execute on function public.refresh_link_click_daily() from public, anon, authenticated;

-- The stored days counted bots in `clicks`; `bot_clicks` says how many.
update public.link_click_daily set clicks = clicks - bot_clicks where bot_clicks > 0;

comment on table public.link_click_daily is
  'Per link and UTC day: clicks by people (bots excluded), counted (unique) clicks and bot requests; kept in step with link_clicks by trigger.';
comment on column public.link_click_daily.clicks is
  'Clicks by people: every stored click except those of bots and link-preview agents.';
comment on column public.link_click_daily.unique_clicks is
  'Counted clicks: one per link, visitor and hour, never a bot.';
comment on column public.link_click_daily.bot_clicks is
  'Requests by bots and link-preview agents: stored, never counted as clicks.';
