-- The admin metrics' platform fees are net of refunds, like GMV beside them: a fully refunded order
-- leaves no fee, a partly refunded one the fee's share of what was kept. Before, the fees of
-- refunded orders were counted whole. The function is otherwise unchanged.

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
    -- What the platform keeps: a refund hands back the fee's share of what was refunded, as GMV is
    -- counted net of refunds.
    'platform_fee_cents', (select coalesce(sum(platform_fee_cents
                                               - coalesce(platform_fee_cents::bigint * refunded_cents
                                                          / nullif(total_cents, 0), 0)), 0)
                           from paid),
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

