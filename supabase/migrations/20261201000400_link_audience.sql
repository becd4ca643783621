-- Where an affiliate's clicks come from: the Affiliate Pro promise "Click analytics by device,
-- browser, country and referring site".
--
-- public.link_audience(link_id, days) answers, for the caller's own links (the one link given, or
-- all of them when link_id is null) over the last `days` UTC days (today included, the window the
-- per-link statistics and the dashboard use), one row per dimension and value:
--   dimension      'device' | 'browser' | 'country' | 'referrer'
--   value          device class (desktop, mobile, tablet, unknown); browser name; ISO 3166-1
--                  alpha-2 country code; referring site (host name, without "www."); 'unknown'
--                  where the click has none (no user agent, no trusted country header, no referrer)
--   clicks         clicks by people: bots and link-preview agents excluded, a visitor's repeats
--                  within the hour included (link_click_daily.clicks, 20261127000400)
--   unique_clicks  counted clicks: one per link, visitor and hour (link_click_daily.unique_clicks)
-- ordered by dimension, then clicks (most first), then value. Each dimension adds up to the same
-- totals as link_click_daily for the window.
--
-- The referrer column holds the referring host as the tracker stores it, but older rows (and the
-- demo seed) hold whole addresses (https://www.instagram.com/): both are grouped by their host.
-- Speed: the window's clicks are read once, through link_clicks_link_time_idx (link_id,
-- clicked_at): the function plans without sequential scans, so the read stays an index (bitmap)
-- scan of the caller's links even where they hold most of the table (a whole-table scan would be
-- the planner's guess there, and a disaster on a table of many affiliates). They are counted per
-- combination of the four values first (one hash lookup per click, and an aggregation Postgres can
-- run in parallel), then per dimension (grouping sets over those few combinations), and referrers
-- are reduced to their site per distinct value, never per click.
--
-- Refusals (nothing else is told):
--   42501  not signed in, or a verified MFA factor without aal2 (as affiliate_dashboard)
--   22023  days outside 1..90 (or null)                                    → HTTP 400
--   PT403  neither an active Affiliate Pro subscription nor an administrator → HTTP 403
--   PT404  link_id is not one of the caller's links ("No such link")        → HTTP 404
-- The plan is read from public.subscriptions as plan_limit_for() reads it: tier 'pro', active or
-- trialing, its period not ended. Administrators pass the plan gate but still see only their own
-- links here.

create or replace function public.link_audience(link_id uuid default null, days integer default 30)
returns table (dimension text, value text, clicks integer, unique_clicks integer)
language plpgsql
stable
security definer
set search_path = ''
set enable_seqscan = off
as $$
#variable_conflict use_column
declare
  me uuid := auth.uid();
  links uuid[];
  since timestamptz;
begin
  if me is null then
    raise exception 'Sign in to see your click analytics' using errcode = '42501';
  end if;
  if not public.has_required_aal() then
    raise exception 'Multi-factor authentication required (aal2)' using errcode = '42501';
  end if;
  if days is null or days < 1 or days > 90 then
    raise exception 'days must be a whole number from 1 to 90' using errcode = '22023';
  end if;
  if not (
    public.is_admin()
    or exists (
      select 1 from public.subscriptions s
      where s.user_id = me
        and s.tier = 'pro'
        and s.status in ('active', 'trialing')
        and (s.current_period_end is null or s.current_period_end > now())
    )
  ) then
    raise exception 'Click analytics by device, browser, country and referring site come with Affiliate Pro'
      using errcode = 'PT403',
            hint = 'Subscribe to Affiliate Pro on /pricing.';
  end if;

  if link_audience.link_id is null then
    links := array(select l.id from public.affiliate_links l where l.affiliate_id = me);
  else
    links := array(
      select l.id from public.affiliate_links l
      where l.id = link_audience.link_id and l.affiliate_id = me
    );
    if cardinality(links) = 0 then
      raise exception 'No such link' using errcode = 'PT404';
    end if;
  end if;

  since := ((now() at time zone 'UTC')::date - (days - 1))::timestamp at time zone 'UTC';

  return query
  with combos as (
    select c.device, c.browser, c.country, c.referrer,
           count(*) as n,
           count(*) filter (where c.is_unique) as u
    from public.link_clicks c
    where c.link_id = any (links)
      and c.clicked_at >= since
      and not c.is_bot
    group by c.device, c.browser, c.country, c.referrer
  ),
  raw as (
    -- grouping(): 7 = by device, 11 = by browser, 13 = by country, 14 = by referrer.
    select grouping(k.device, k.browser, k.country, k.referrer) as set_id,
           k.device, k.browser, k.country, k.referrer,
           sum(k.n) as n,
           sum(k.u) as u
    from combos k
    group by grouping sets ((k.device), (k.browser), (k.country), (k.referrer))
  ),
  labelled as (
    select case r.set_id
             when 7 then 'device'
             when 11 then 'browser'
             when 13 then 'country'
             else 'referrer'
           end as dimension,
           coalesce(
             case r.set_id
               when 7 then nullif(r.device, '')
               when 11 then nullif(btrim(r.browser), '')
               when 13 then r.country
               else nullif(
                 regexp_replace(
                   lower(substring(
                     r.referrer
                     from '^(?:[A-Za-z][A-Za-z0-9+.-]*://)?(?:[^/?#@]*@)?(\[[^]]*\]|[^/?#:@[:space:]]+)'
                   )),
                   '^www\.', ''),
                 '')
             end,
             'unknown') as value,
           r.n, r.u
    from raw r
  )
  select l.dimension, l.value, sum(l.n)::integer, sum(l.u)::integer
  from labelled l
  group by l.dimension, l.value
  order by l.dimension, 3 desc, l.value;
end;
$$;

comment on function public.link_audience(uuid, integer) is
  'Affiliate Pro (or admin): the caller''s clicks (one link or all) over the last 1–90 UTC days by device, browser, country and referring site; bots excluded, unique clicks counted as link_click_daily does. PT403 without the plan, PT404 for a link not the caller''s, 22023 for days out of range.';

revoke execute on function public.link_audience(uuid, integer) from public, anon, service_role;
grant execute on function public.link_audience(uuid, integer) to authenticated;
