-- The affiliate dashboard: clicks, unique clicks, conversions and earnings per day, balances per
-- status, top links, recent commissions and the next payout, read from roll-ups so that the
-- 90-day view of an affiliate with millions of clicks and tens of thousands of orders stays fast.
-- Clicks come from link_click_daily (kept by the click log's trigger); commissions get two roll-ups
-- here, kept in step with public.commissions by a trigger on every insert, update and delete.

-- Per affiliate, UTC day of the sale, link, currency and status: sales counted and amounts.
create table public.commission_daily (
  affiliate_id uuid not null references public.profiles (id) on delete cascade,
  day date not null,
  -- The commission's link, or the nil UUID for sales without one (a key column cannot be null).
  link_key uuid not null,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  status text not null check (status in ('pending', 'approved', 'paid', 'reversed')),
  sales integer not null default 0,
  amount_cents bigint not null default 0,
  primary key (affiliate_id, day, link_key, currency, status)
);

comment on table public.commission_daily is
  'Roll-up of commissions per affiliate, UTC day of the sale, link (nil UUID: none), currency and status; kept in step by trigger.';

-- Per affiliate, currency and status: the running balances (pending, approved, paid, reversed).
create table public.commission_balances (
  affiliate_id uuid not null references public.profiles (id) on delete cascade,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  status text not null check (status in ('pending', 'approved', 'paid', 'reversed')),
  sales integer not null default 0,
  amount_cents bigint not null default 0,
  primary key (affiliate_id, currency, status)
);

comment on table public.commission_balances is
  'Roll-up of commissions per affiliate, currency and status (all time); kept in step by trigger.';

alter table public.commission_daily enable row level security;
alter table public.commission_balances enable row level security;

create policy commission_daily_select_owner on public.commission_daily
  for select to authenticated using (affiliate_id = (select auth.uid()));
create policy commission_daily_select_admin on public.commission_daily
  for select to authenticated using ((select public.is_admin()));
create policy commission_balances_select_owner on public.commission_balances
  for select to authenticated using (affiliate_id = (select auth.uid()));
create policy commission_balances_select_admin on public.commission_balances
  for select to authenticated using ((select public.is_admin()));

revoke insert, update, delete, truncate on public.commission_daily from anon, authenticated;
revoke insert, update, delete, truncate on public.commission_balances from anon, authenticated;

-- The newest commissions of an affiliate and the next release date, without scanning.
create index if not exists commissions_affiliate_created_idx
  on public.commissions (affiliate_id, created_at desc);
create index if not exists commissions_affiliate_pending_idx
  on public.commissions (affiliate_id, available_at) where status = 'pending';

-- Adds (sign 1) or removes (sign -1) one commission row's share of the roll-ups.
create or replace function public.commission_roll_up_apply(c public.commissions, sign integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  sale integer := case when c.kind = 'sale' then sign else 0 end;
  amount bigint := sign::bigint * c.amount_cents;
begin
  insert into public.commission_daily as d
    (affiliate_id, day, link_key, currency, status, sales, amount_cents)
  values (
    c.affiliate_id, (c.created_at at time zone 'UTC')::date,
    coalesce(c.link_id, '00000000-0000-0000-0000-000000000000'::uuid),
    c.currency, c.status, sale, amount
  )
  on conflict (affiliate_id, day, link_key, currency, status) do update
    set sales = d.sales + excluded.sales, amount_cents = d.amount_cents + excluded.amount_cents;

  insert into public.commission_balances as b (affiliate_id, currency, status, sales, amount_cents)
  values (c.affiliate_id, c.currency, c.status, sale, amount)
  on conflict (affiliate_id, currency, status) do update
    set sales = b.sales + excluded.sales, amount_cents = b.amount_cents + excluded.amount_cents;
end;
$$;

revoke execute on function public.commission_roll_up_apply(public.commissions, integer)
  from public, anon, authenticated;

create or replace function public.commissions_roll_up()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and old.status is not distinct from new.status
     and old.amount_cents is not distinct from new.amount_cents
     and old.currency is not distinct from new.currency
     and old.link_id is not distinct from new.link_id
     and old.affiliate_id is not distinct from new.affiliate_id
     and old.created_at is not distinct from new.created_at
     and old.kind is not distinct from new.kind then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform public.commission_roll_up_apply(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform public.commission_roll_up_apply(new, 1);
  end if;
  return null;
end;
$$;

create trigger commissions_roll_up
  after insert or update or delete on public.commissions
  for each row execute function public.commissions_roll_up();

-- Rebuilds both roll-ups from the commissions (e.g. after a bulk load with triggers disabled).
create or replace function public.refresh_commission_roll_ups()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.commission_daily where true;
  delete from public.commission_balances where true;
  insert into public.commission_daily (affiliate_id, day, link_key, currency, status, sales, amount_cents)
  select affiliate_id, (created_at at time zone 'UTC')::date,
         coalesce(link_id, '00000000-0000-0000-0000-000000000000'::uuid), currency, status,
         count(*) filter (where kind = 'sale'), sum(amount_cents)
  from public.commissions
  group by 1, 2, 3, 4, 5;
  insert into public.commission_balances (affiliate_id, currency, status, sales, amount_cents)
  select affiliate_id, currency, status, count(*) filter (where kind = 'sale'), sum(amount_cents)
  from public.commissions
  group by 1, 2, 3;
$$;

revoke execute on function public.refresh_commission_roll_ups() from public, anon, authenticated;

-- Existing commissions (a database migrated with data) are rolled up once.
select public.refresh_commission_roll_ups();

-- The signed-in affiliate's dashboard for the last `days` UTC days (today included), as JSON:
--   days, currency, series[{day, clicks, unique_clicks, conversions, earnings_cents}],
--   totals{clicks, unique_clicks, conversions, earnings_cents},
--   balances[{currency, pending_cents, approved_cents, paid_cents, reversed_cents}],
--   top_links[{id, code, title, is_active, clicks, unique_clicks, conversions, earnings_cents}],
--   recent_commissions[{id, created_at, amount_cents, currency, status, kind, available_at, link_code}],
--   next_payout{id, status, amount_cents, currency, created_at} | null,
--   upcoming{approved_cents, next_release_at}  (what the next payout would hold, when more is freed).
-- Earnings count sales and clawbacks that are not reversed, in the affiliate's main currency.
create or replace function public.affiliate_dashboard(days integer default 30)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  since date;
  main_currency text;
  result jsonb;
begin
  if me is null then
    raise exception 'Sign in to see your dashboard' using errcode = '42501';
  end if;
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be a whole number from 1 to 366' using errcode = '22023';
  end if;
  since := (now() at time zone 'UTC')::date - (days - 1);

  select b.currency into main_currency
  from public.commission_balances b
  where b.affiliate_id = me
  group by b.currency
  order by sum(b.sales) desc, b.currency
  limit 1;
  main_currency := coalesce(main_currency, 'USD');

  with my_links as (
    select l.id, l.code, l.title, l.is_active from public.affiliate_links l where l.affiliate_id = me
  ),
  clicks as (
    select d.link_id, d.day, d.clicks, d.unique_clicks
    from public.link_click_daily d
    where d.link_id in (select id from my_links) and d.day >= since
  ),
  sales as (
    select c.link_key, c.day,
           sum(c.sales) filter (where c.status <> 'reversed') as conversions,
           sum(c.amount_cents) filter (where c.status <> 'reversed') as earnings
    from public.commission_daily c
    where c.affiliate_id = me and c.day >= since and c.currency = main_currency
    group by c.link_key, c.day
  ),
  days_list as (
    select g::date as day from generate_series(since, (now() at time zone 'UTC')::date, interval '1 day') g
  ),
  clicks_by_day as (
    select k.day, sum(k.clicks) as clicks, sum(k.unique_clicks) as unique_clicks
    from clicks k group by k.day
  ),
  sales_by_day as (
    select s.day, sum(s.conversions) as conversions, sum(s.earnings) as earnings
    from sales s group by s.day
  ),
  series as (
    select dl.day,
           coalesce(k.clicks, 0) as clicks,
           coalesce(k.unique_clicks, 0) as unique_clicks,
           coalesce(s.conversions, 0) as conversions,
           coalesce(s.earnings, 0) as earnings_cents
    from days_list dl
    left join clicks_by_day k on k.day = dl.day
    left join sales_by_day s on s.day = dl.day
  ),
  clicks_by_link as (
    select k.link_id, sum(k.clicks) as clicks, sum(k.unique_clicks) as unique_clicks
    from clicks k group by k.link_id
  ),
  sales_by_link as (
    select s.link_key, sum(s.conversions) as conversions, sum(s.earnings) as earnings
    from sales s group by s.link_key
  ),
  link_stats as (
    select l.id, l.code, l.title, l.is_active,
           coalesce(k.clicks, 0) as clicks,
           coalesce(k.unique_clicks, 0) as unique_clicks,
           coalesce(s.conversions, 0) as conversions,
           coalesce(s.earnings, 0) as earnings_cents
    from my_links l
    left join clicks_by_link k on k.link_id = l.id
    left join sales_by_link s on s.link_key = l.id
  ),
  recent as (
    select c.id, c.created_at, c.amount_cents, c.currency, c.status, c.kind, c.available_at,
           (select l.code from my_links l where l.id = c.link_id) as link_code
    from public.commissions c
    where c.affiliate_id = me
    order by c.created_at desc
    limit 10
  )
  select jsonb_build_object(
    'days', days,
    'currency', main_currency,
    'series', coalesce((select jsonb_agg(to_jsonb(s) order by s.day) from series s), '[]'::jsonb),
    'totals', (
      select jsonb_build_object(
        'clicks', coalesce(sum(s.clicks), 0),
        'unique_clicks', coalesce(sum(s.unique_clicks), 0),
        'conversions', coalesce(sum(s.conversions), 0),
        'earnings_cents', coalesce(sum(s.earnings_cents), 0))
      from series s),
    'balances', coalesce((
      select jsonb_agg(to_jsonb(x) order by x.currency)
      from (
        select b.currency,
               coalesce(sum(b.amount_cents) filter (where b.status = 'pending'), 0) as pending_cents,
               coalesce(sum(b.amount_cents) filter (where b.status = 'approved'), 0) as approved_cents,
               coalesce(sum(b.amount_cents) filter (where b.status = 'paid'), 0) as paid_cents,
               coalesce(sum(b.amount_cents) filter (where b.status = 'reversed'), 0) as reversed_cents
        from public.commission_balances b
        where b.affiliate_id = me
        group by b.currency) x), '[]'::jsonb),
    'top_links', coalesce((
      select jsonb_agg(to_jsonb(t) order by t.clicks desc, t.conversions desc, t.code)
      from (select * from link_stats order by clicks desc, conversions desc, code limit 5) t), '[]'::jsonb),
    'recent_commissions', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.created_at desc) from recent r), '[]'::jsonb),
    'next_payout', (
      select jsonb_build_object('id', p.id, 'status', p.status, 'amount_cents', p.amount_cents,
                                'currency', p.currency, 'created_at', p.created_at)
      from public.payouts p
      where p.affiliate_id = me and p.status in ('pending', 'processing')
      order by p.created_at desc
      limit 1),
    'upcoming', jsonb_build_object(
      'approved_cents', coalesce((
        select b.amount_cents from public.commission_balances b
        where b.affiliate_id = me and b.currency = main_currency and b.status = 'approved'), 0),
      'next_release_at', (
        select min(c.available_at) from public.commissions c
        where c.affiliate_id = me and c.status = 'pending'))
  ) into result;
  return result;
end;
$$;

revoke execute on function public.affiliate_dashboard(integer) from public, anon;
grant execute on function public.affiliate_dashboard(integer) to authenticated;
