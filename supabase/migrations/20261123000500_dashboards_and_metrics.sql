-- Aggregates behind the merchant dashboard, the merchant's affiliate list, the admin metrics page
-- and the conversation list. Each function reads past RLS
-- (SECURITY DEFINER) but decides itself who may call it and returns only aggregates or the
-- caller's own rows; other users appear with their public fields (name, username, avatar) only.

-- The merchant dashboard: sales attributed to affiliates, commissions owed, top affiliates and
-- products and the clicks → sales funnel over the last `days` UTC days (today included).
-- Merchants see their own; an admin may pass a merchant's id.
create or replace function public.merchant_dashboard(days integer default 30, merchant uuid default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  target uuid;
  since date;
  since_at timestamptz;
  result jsonb;
begin
  if me is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be between 1 and 366' using errcode = '22023';
  end if;
  if merchant is null or merchant = me then
    target := me;
  elsif public.is_admin() then
    target := merchant;
  else
    raise exception 'Only administrators can read another merchant''s dashboard' using errcode = '42501';
  end if;
  if not exists (select 1 from public.merchant_profiles m where m.id = target) then
    raise exception 'Only merchants have a merchant dashboard' using errcode = '42501';
  end if;

  since := (now() at time zone 'UTC')::date - (days - 1);
  since_at := since::timestamp at time zone 'UTC';

  with links as (
    select l.id, l.affiliate_id
    from public.affiliate_links l
    where l.program_id in (select p.id from public.affiliate_programs p where p.merchant_id = target)
       or l.product_id in (select pr.id from public.products pr where pr.merchant_id = target)
  ),
  clicks as (
    select d.day, sum(d.clicks)::bigint as clicks, sum(d.unique_clicks)::bigint as unique_clicks
    from public.link_click_daily d
    where d.link_id in (select id from links) and d.day >= since
    group by d.day
  ),
  sales as (
    select o.*, (o.total_cents - o.refunded_cents) as net_cents
    from public.orders o
    where o.merchant_id = target
      and o.status in ('paid', 'partially_refunded', 'refunded')
      and o.paid_at >= since_at
  ),
  days_ as (
    select g::date as day from generate_series(since, (now() at time zone 'UTC')::date, interval '1 day') g
  ),
  series as (
    select d.day,
           coalesce(c.clicks, 0) as clicks,
           coalesce(c.unique_clicks, 0) as unique_clicks,
           (select count(*) from sales s where (s.paid_at at time zone 'UTC')::date = d.day) as orders,
           (select count(*) from sales s
             where (s.paid_at at time zone 'UTC')::date = d.day and s.attributed_affiliate_id is not null) as attributed_orders,
           (select coalesce(sum(s.net_cents), 0) from sales s where (s.paid_at at time zone 'UTC')::date = d.day) as revenue_cents
    from days_ d left join clicks c on c.day = d.day
  ),
  top_affiliates as (
    select s.attributed_affiliate_id as affiliate_id, p.name, p.username, p.profile_image,
           count(*) as orders, sum(s.net_cents) as revenue_cents,
           coalesce(sum(s.affiliate_amount_cents), 0) as commission_cents
    from sales s join public.profiles p on p.id = s.attributed_affiliate_id
    group by 1, 2, 3, 4
    order by revenue_cents desc, orders desc
    limit 5
  ),
  top_products as (
    select i.product_id, i.product_name, sum(i.quantity) as units, sum(i.line_total_cents) as revenue_cents
    from public.order_items i
    where i.order_id in (select s.id from sales s)
    group by 1, 2
    order by revenue_cents desc, units desc
    limit 5
  )
  select jsonb_build_object(
    'days', days,
    'since', since,
    'currency', coalesce((select s.currency from sales s limit 1),
                         (select p.currency from public.affiliate_programs p where p.merchant_id = target limit 1),
                         'USD'),
    'totals', jsonb_build_object(
      'clicks', (select coalesce(sum(clicks), 0) from series),
      'unique_clicks', (select coalesce(sum(unique_clicks), 0) from series),
      'orders', (select count(*) from sales),
      'attributed_orders', (select count(*) from sales where attributed_affiliate_id is not null),
      'revenue_cents', (select coalesce(sum(net_cents), 0) from sales),
      'attributed_revenue_cents',
        (select coalesce(sum(net_cents), 0) from sales where attributed_affiliate_id is not null),
      'commissions_owed_cents',
        (select coalesce(sum(c.amount_cents), 0) from public.commissions c
          where c.merchant_id = target and c.status in ('pending', 'approved')),
      'commissions_pending_cents',
        (select coalesce(sum(c.amount_cents), 0) from public.commissions c
          where c.merchant_id = target and c.status = 'pending'),
      'commissions_approved_cents',
        (select coalesce(sum(c.amount_cents), 0) from public.commissions c
          where c.merchant_id = target and c.status = 'approved')
    ),
    'series', coalesce((select jsonb_agg(to_jsonb(x) order by x.day) from series x), '[]'::jsonb),
    'top_affiliates', coalesce((select jsonb_agg(to_jsonb(a)) from top_affiliates a), '[]'::jsonb),
    'top_products', coalesce((select jsonb_agg(to_jsonb(t)) from top_products t), '[]'::jsonb)
  ) into result;
  return result;
end;
$$;

revoke execute on function public.merchant_dashboard(integer, uuid) from public, anon;
grant execute on function public.merchant_dashboard(integer, uuid) to authenticated;

-- The signed-in merchant's applicants and members with each affiliate's public fields and
-- all-time performance in the merchant's programs (clicks, attributed orders, revenue, commission).
create or replace function public.merchant_affiliates()
returns table (
  membership_id uuid,
  program_id uuid,
  program_name text,
  affiliate_id uuid,
  name text,
  username text,
  profile_image text,
  status text,
  application_note text,
  applied_at timestamptz,
  decided_at timestamptz,
  clicks bigint,
  orders bigint,
  revenue_cents bigint,
  commission_cents bigint
)
language sql
stable
security definer
set search_path = ''
as $$
  select m.id, m.program_id, pg.name, m.affiliate_id, p.name, p.username, p.profile_image,
         m.status, m.application_note, m.created_at, m.decided_at,
         coalesce((select sum(d.clicks) from public.link_click_daily d
                    join public.affiliate_links l on l.id = d.link_id
                   where l.affiliate_id = m.affiliate_id and l.program_id = m.program_id), 0)::bigint,
         (select count(*) from public.orders o
           join public.affiliate_links l on l.id = o.affiliate_link_id
          where o.attributed_affiliate_id = m.affiliate_id and l.program_id = m.program_id
            and o.status in ('paid', 'partially_refunded', 'refunded'))::bigint,
         coalesce((select sum(o.total_cents - o.refunded_cents) from public.orders o
           join public.affiliate_links l on l.id = o.affiliate_link_id
          where o.attributed_affiliate_id = m.affiliate_id and l.program_id = m.program_id
            and o.status in ('paid', 'partially_refunded', 'refunded')), 0)::bigint,
         coalesce((select sum(c.amount_cents) from public.commissions c
          where c.affiliate_id = m.affiliate_id and c.program_id = m.program_id
            and c.status <> 'reversed'), 0)::bigint
  from public.program_memberships m
  join public.affiliate_programs pg on pg.id = m.program_id
  join public.profiles p on p.id = m.affiliate_id
  where pg.merchant_id = auth.uid()
  order by case m.status when 'pending' then 0 when 'approved' then 1 else 2 end, m.created_at desc
$$;

revoke execute on function public.merchant_affiliates() from public, anon;
grant execute on function public.merchant_affiliates() to authenticated;

-- The signed-in user's conversations with the other participant's public fields, the number of
-- messages to the caller not read yet and the latest message.
create or replace function public.my_conversations()
returns table (
  id uuid,
  merchant_id uuid,
  affiliate_id uuid,
  program_id uuid,
  subject text,
  last_message_at timestamptz,
  created_at timestamptz,
  counterpart_id uuid,
  counterpart_name text,
  counterpart_username text,
  counterpart_image text,
  unread bigint,
  last_message text
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.merchant_id, c.affiliate_id, c.program_id, c.subject, c.last_message_at, c.created_at,
         p.id, p.name, p.username, p.profile_image,
         (select count(*) from public.messages m
           where m.conversation_id = c.id and m.sender_id <> auth.uid() and m.read_at is null),
         (select left(m.body, 200) from public.messages m
           where m.conversation_id = c.id order by m.created_at desc limit 1)
  from public.conversations c
  join public.profiles p
    on p.id = case when c.merchant_id = auth.uid() then c.affiliate_id else c.merchant_id end
  where auth.uid() in (c.merchant_id, c.affiliate_id)
  order by coalesce(c.last_message_at, c.created_at) desc
$$;

revoke execute on function public.my_conversations() from public, anon;
grant execute on function public.my_conversations() to authenticated;

-- Platform metrics for administrators: users by role, GMV and commissions, engagement over the
-- last `days` UTC days (page load times, demo views, client errors) and the latest client errors.
create or replace function public.admin_platform_metrics(days integer default 30)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  since date;
  since_at timestamptz;
  result jsonb;
begin
  if not public.is_admin() then
    raise exception 'Only administrators can read platform metrics' using errcode = '42501';
  end if;
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be between 1 and 366' using errcode = '22023';
  end if;
  since := (now() at time zone 'UTC')::date - (days - 1);
  since_at := since::timestamp at time zone 'UTC';

  with paid as (
    select o.* from public.orders o where o.status in ('paid', 'partially_refunded', 'refunded')
  ),
  metrics as (
    select e.* from public.engagement_metrics e where e.created_at >= since_at
  ),
  days_ as (
    select g::date as day from generate_series(since, (now() at time zone 'UTC')::date, interval '1 day') g
  ),
  series as (
    select d.day,
           (select round(avg(m.metric_value)::numeric, 1) from metrics m
             where m.metric_type = 'page_load_time' and (m.created_at at time zone 'UTC')::date = d.day) as avg_page_load_ms,
           (select percentile_cont(0.5) within group (order by m.metric_value) from metrics m
             where m.metric_type = 'page_load_time' and (m.created_at at time zone 'UTC')::date = d.day) as p50_page_load_ms,
           (select count(*) from metrics m
             where m.metric_type = 'page_load_time' and (m.created_at at time zone 'UTC')::date = d.day) as page_loads,
           (select count(*) from metrics m
             where m.metric_type = 'demo_view' and (m.created_at at time zone 'UTC')::date = d.day) as demo_views,
           (select count(*) from metrics m
             where m.metric_type = 'error' and (m.created_at at time zone 'UTC')::date = d.day) as errors,
           (select coalesce(sum(o.total_cents - o.refunded_cents), 0) from paid o
             where (o.paid_at at time zone 'UTC')::date = d.day) as gmv_cents
    from days_ d
  ),
  recent_errors as (
    select e.id, e.created_at,
           left(coalesce(e.metadata ->> 'message', e.metadata ->> 'reason', 'Unknown error'), 500) as message,
           left(e.metadata ->> 'url', 500) as url,
           left(e.metadata ->> 'filename', 500) as filename,
           (e.metadata ->> 'lineno') as lineno,
           (e.metadata ->> 'type') as kind
    from public.engagement_metrics e
    where e.metric_type = 'error'
    order by e.created_at desc
    limit 50
  )
  select jsonb_build_object(
    'days', days,
    'since', since,
    'users_by_role', coalesce((select jsonb_object_agg(r.role, r.n) from
        (select p.role, count(*) as n from public.profiles p group by p.role) r), '{}'::jsonb),
    'orders', (select count(*) from paid),
    'gmv_cents', (select coalesce(sum(total_cents - refunded_cents), 0) from paid),
    'gmv_period_cents', (select coalesce(sum(total_cents - refunded_cents), 0) from paid where paid_at >= since_at),
    'platform_fee_cents', (select coalesce(sum(platform_fee_cents), 0) from paid),
    'commissions_cents', coalesce((select jsonb_object_agg(c.status, c.total) from
        (select c.status, sum(c.amount_cents) as total from public.commissions c group by c.status) c), '{}'::jsonb),
    'engagement', jsonb_build_object(
      'page_loads', (select count(*) from metrics where metric_type = 'page_load_time'),
      'avg_page_load_ms', (select round(avg(metric_value)::numeric, 1) from metrics where metric_type = 'page_load_time'),
      'demo_views', (select count(*) from metrics where metric_type = 'demo_view'),
      'errors', (select count(*) from metrics where metric_type = 'error')
    ),
    'series', coalesce((select jsonb_agg(to_jsonb(s) order by s.day) from series s), '[]'::jsonb),
    'recent_errors', coalesce((select jsonb_agg(to_jsonb(e) order by e.created_at desc) from recent_errors e), '[]'::jsonb)
  ) into result;
  return result;
end;
$$;

revoke execute on function public.admin_platform_metrics(integer) from public, anon;
grant execute on function public.admin_platform_metrics(integer) to authenticated;
