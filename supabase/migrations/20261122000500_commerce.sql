-- Commerce: orders and their items with the revenue split, commissions, payouts, Stripe events and
-- subscriptions. Money is integer cents with a currency. Everything here is written by the payment
-- functions (service role); users only read what concerns them.

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  buyer_id uuid references public.profiles (id) on delete set null,
  buyer_email text check (buyer_email is null or buyer_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  merchant_id uuid not null references public.merchant_profiles (id) on delete restrict,
  status text not null default 'pending'
    check (status in ('pending', 'paid', 'partially_refunded', 'refunded', 'canceled', 'failed')),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  subtotal_cents integer not null default 0 check (subtotal_cents >= 0),
  total_cents integer not null default 0 check (total_cents >= 0),
  refunded_cents integer not null default 0 check (refunded_cents >= 0),
  -- Revenue split of the sale (spec: revenue transparency).
  merchant_amount_cents integer not null default 0 check (merchant_amount_cents >= 0),
  affiliate_amount_cents integer not null default 0 check (affiliate_amount_cents >= 0),
  platform_fee_cents integer not null default 0 check (platform_fee_cents >= 0),
  payment_fee_cents integer not null default 0 check (payment_fee_cents >= 0),
  -- Attribution: the link and click that led to the sale.
  affiliate_link_id uuid references public.affiliate_links (id) on delete set null,
  click_id bigint references public.link_clicks (id) on delete set null,
  attributed_affiliate_id uuid references public.profiles (id) on delete set null,
  stripe_checkout_session_id text unique,
  stripe_payment_intent_id text unique,
  paid_at timestamptz,
  refunded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (refunded_cents <= total_cents),
  check (status not in ('paid', 'partially_refunded', 'refunded') or paid_at is not null),
  check (
    status not in ('paid', 'partially_refunded', 'refunded')
    or merchant_amount_cents + affiliate_amount_cents + platform_fee_cents + payment_fee_cents = total_cents
  )
);

comment on table public.orders is
  'A checkout with one merchant: totals, refunds, the revenue split (merchant / affiliate / platform fee / payment fee) and attribution.';

create index orders_buyer_idx on public.orders (buyer_id);
create index orders_merchant_idx on public.orders (merchant_id, created_at desc);
create index orders_affiliate_idx on public.orders (attributed_affiliate_id);

create trigger orders_set_updated_at
  before update on public.orders
  for each row execute function public.set_updated_at();

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  product_id uuid references public.products (id) on delete set null,
  product_name text not null check (length(product_name) between 1 and 200),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  quantity integer not null check (quantity between 1 and 1000),
  line_total_cents integer not null check (line_total_cents >= 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  check (line_total_cents = unit_price_cents * quantity)
);

comment on table public.order_items is
  'A line of an order with the product''s name and price at the time of sale (kept when the product is deleted).';

create index order_items_order_idx on public.order_items (order_id);
create index order_items_product_idx on public.order_items (product_id);

create table public.payouts (
  id uuid primary key default gen_random_uuid(),
  affiliate_id uuid not null references public.profiles (id) on delete restrict,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  status text not null default 'pending' check (status in ('pending', 'processing', 'paid', 'failed')),
  period_start date,
  period_end date,
  stripe_transfer_id text unique,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (period_end is null or period_start is null or period_end >= period_start),
  check (status <> 'paid' or paid_at is not null)
);

comment on table public.payouts is 'A transfer of approved commissions to an affiliate.';

create index payouts_affiliate_idx on public.payouts (affiliate_id, created_at desc);

create trigger payouts_set_updated_at
  before update on public.payouts
  for each row execute function public.set_updated_at();

create table public.commissions (
  id uuid primary key default gen_random_uuid(),
  affiliate_id uuid not null references public.profiles (id) on delete restrict,
  merchant_id uuid not null references public.merchant_profiles (id) on delete restrict,
  program_id uuid not null references public.affiliate_programs (id) on delete restrict,
  order_id uuid not null references public.orders (id) on delete restrict,
  link_id uuid references public.affiliate_links (id) on delete set null,
  kind text not null default 'sale' check (kind in ('sale', 'clawback')),
  amount_cents integer not null,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  status text not null default 'pending' check (status in ('pending', 'approved', 'paid', 'reversed')),
  available_at timestamptz not null,
  approved_at timestamptz,
  paid_at timestamptz,
  reversed_at timestamptz,
  payout_id uuid references public.payouts (id) on delete set null,
  reverses_commission_id uuid references public.commissions (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- A sale earns a non-negative amount; a clawback (refund after payout) is negative and points
  -- at the commission it takes back.
  check ((kind = 'sale' and amount_cents >= 0 and reverses_commission_id is null)
      or (kind = 'clawback' and amount_cents < 0 and reverses_commission_id is not null)),
  check (status <> 'paid' or paid_at is not null),
  check (status <> 'reversed' or reversed_at is not null)
);

comment on table public.commissions is
  'What an affiliate earns on an order: pending until available_at (paid + holding days), then approved, paid or reversed; negative clawback rows after payout.';

create unique index commissions_one_sale_per_order on public.commissions (order_id) where kind = 'sale';
create unique index commissions_one_clawback_each on public.commissions (reverses_commission_id)
  where kind = 'clawback';
create index commissions_affiliate_idx on public.commissions (affiliate_id, status);
create index commissions_merchant_idx on public.commissions (merchant_id);

create trigger commissions_set_updated_at
  before update on public.commissions
  for each row execute function public.set_updated_at();

-- Lifecycle: pending → approved → paid; pending or approved → reversed. Paid and reversed are final
-- (a refund after payout adds a clawback row instead).
create or replace function public.commissions_check_transition()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if not (
         (old.status = 'pending' and new.status in ('approved', 'reversed'))
      or (old.status = 'approved' and new.status in ('paid', 'reversed'))
    ) then
      raise exception 'A commission cannot go from % to %', old.status, new.status using errcode = '23514';
    end if;
    case new.status
      when 'approved' then new.approved_at := coalesce(new.approved_at, now());
      when 'paid' then new.paid_at := coalesce(new.paid_at, now());
      when 'reversed' then new.reversed_at := coalesce(new.reversed_at, now());
      else null;
    end case;
  end if;
  if (new.affiliate_id, new.merchant_id, new.program_id, new.order_id, new.kind, new.amount_cents, new.currency)
     is distinct from
     (old.affiliate_id, old.merchant_id, old.program_id, old.order_id, old.kind, old.amount_cents, old.currency) then
    raise exception 'A commission''s parties and amount cannot change' using errcode = '42501';
  end if;
  return new;
end;
$$;

create trigger commissions_check_transition
  before update on public.commissions
  for each row execute function public.commissions_check_transition();

create table public.stripe_events (
  id text primary key check (id ~ '^evt_[A-Za-z0-9_]+$'),
  type text not null check (length(type) between 1 and 200),
  livemode boolean not null default false,
  payload jsonb not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  processing_error text
);

comment on table public.stripe_events is
  'Every verified Stripe webhook event, keyed by event id so each is applied exactly once.';

create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  tier text not null check (tier in ('starter', 'pro', 'business')),
  status text not null
    check (status in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')),
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  stripe_customer_id text,
  stripe_subscription_id text unique,
  stripe_price_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.subscriptions is
  'A paid tier subscription (Stripe). profiles.has_active_subscription / subscription_tier / subscription_end_date follow it.';

create index subscriptions_user_idx on public.subscriptions (user_id);

create trigger subscriptions_set_updated_at
  before update on public.subscriptions
  for each row execute function public.set_updated_at();

-- Keeps the profile's subscription fields in step with the user's best current subscription.
create or replace function public.sync_profile_subscription(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  best public.subscriptions;
  last_end timestamptz;
begin
  select * into best from public.subscriptions s
  where s.user_id = target
    and s.status in ('active', 'trialing')
    and (s.current_period_end is null or s.current_period_end > now())
  order by case s.tier when 'business' then 3 when 'pro' then 2 else 1 end desc,
           s.current_period_end desc nulls first
  limit 1;

  if best.id is not null then
    update public.profiles
      set has_active_subscription = true, subscription_tier = best.tier, subscription_end_date = best.current_period_end
    where id = target
      and (has_active_subscription, subscription_tier, subscription_end_date)
          is distinct from (true, best.tier, best.current_period_end);
  else
    select max(s.current_period_end) into last_end from public.subscriptions s where s.user_id = target;
    update public.profiles
      set has_active_subscription = false, subscription_tier = null, subscription_end_date = last_end
    where id = target
      and (has_active_subscription, subscription_tier, subscription_end_date)
          is distinct from (false, null::text, last_end);
  end if;
end;
$$;

revoke execute on function public.sync_profile_subscription(uuid) from public, anon, authenticated;

create or replace function public.subscriptions_sync_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.user_id is distinct from new.user_id) then
    perform public.sync_profile_subscription(old.user_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform public.sync_profile_subscription(new.user_id);
  end if;
  return null;
end;
$$;

create trigger subscriptions_sync_profile
  after insert or update or delete on public.subscriptions
  for each row execute function public.subscriptions_sync_profile();

-- Revenue transparency: only aggregates per month and currency, and only months with at least
-- three paid orders so no single sale can be read back.
create or replace function public.revenue_transparency(months integer default 12)
returns table (
  month date,
  currency text,
  orders integer,
  gross_cents bigint,
  merchant_cents bigint,
  affiliate_cents bigint,
  platform_fee_cents bigint,
  payment_fee_cents bigint,
  refunded_cents bigint
)
language sql
stable
security definer
set search_path = ''
as $$
  select date_trunc('month', o.paid_at at time zone 'UTC')::date,
         o.currency,
         count(*)::integer,
         sum(o.total_cents)::bigint,
         sum(o.merchant_amount_cents)::bigint,
         sum(o.affiliate_amount_cents)::bigint,
         sum(o.platform_fee_cents)::bigint,
         sum(o.payment_fee_cents)::bigint,
         sum(o.refunded_cents)::bigint
  from public.orders o
  where o.status in ('paid', 'partially_refunded', 'refunded')
    and o.paid_at >= date_trunc('month', now() at time zone 'UTC')
                     - make_interval(months => greatest(least(coalesce(months, 12), 120), 1) - 1)
  group by 1, 2
  having count(*) >= 3
  order by 1, 2
$$;

grant execute on function public.revenue_transparency(integer) to anon, authenticated;

-- Row-level security -----------------------------------------------------------------------------

alter table public.orders enable row level security;
alter table public.order_items enable row level security;
alter table public.payouts enable row level security;
alter table public.commissions enable row level security;
alter table public.stripe_events enable row level security;
alter table public.subscriptions enable row level security;

-- Only the payment functions (service role) write these tables; admins may move commissions and
-- payouts along their lifecycle.
revoke insert, update, delete, truncate on public.orders, public.order_items, public.stripe_events,
  public.subscriptions from anon, authenticated;
revoke insert, delete, truncate on public.commissions, public.payouts from anon, authenticated;
revoke update on public.commissions, public.payouts from anon;
revoke update on public.commissions, public.payouts from authenticated;
grant update (status, approved_at, paid_at, reversed_at, payout_id) on public.commissions to authenticated;
grant update (status, paid_at, stripe_transfer_id) on public.payouts to authenticated;

-- Orders the caller bought or sold, computed once per query for the order_items policy.
create or replace function public.my_order_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select o.id from public.orders o where o.buyer_id = auth.uid() or o.merchant_id = auth.uid()
$$;

-- orders: the buyer sees its orders, the merchant the sales of its products, admins all.
create policy orders_select_buyer on public.orders
  for select to authenticated using (buyer_id = (select auth.uid()));
create policy orders_select_merchant on public.orders
  for select to authenticated using (merchant_id = (select auth.uid()));
create policy orders_select_admin on public.orders
  for select to authenticated using ((select public.is_admin()));

create policy order_items_select_party on public.order_items
  for select to authenticated using (order_id in (select public.my_order_ids()));
create policy order_items_select_admin on public.order_items
  for select to authenticated using ((select public.is_admin()));

-- commissions: the affiliate sees its own, the merchant those on its sales; admins see all and
-- approve, pay or reverse them (the lifecycle trigger refuses other moves).
create policy commissions_select_affiliate on public.commissions
  for select to authenticated using (affiliate_id = (select auth.uid()));
create policy commissions_select_merchant on public.commissions
  for select to authenticated using (merchant_id = (select auth.uid()));
create policy commissions_select_admin on public.commissions
  for select to authenticated using ((select public.is_admin()));
create policy commissions_update_admin on public.commissions
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- payouts: the affiliate sees its own; admins see and update all.
create policy payouts_select_affiliate on public.payouts
  for select to authenticated using (affiliate_id = (select auth.uid()));
create policy payouts_select_admin on public.payouts
  for select to authenticated using ((select public.is_admin()));
create policy payouts_update_admin on public.payouts
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- stripe_events: admins read the log.
create policy stripe_events_select_admin on public.stripe_events
  for select to authenticated using ((select public.is_admin()));

-- subscriptions: the subscriber sees its own; admins all.
create policy subscriptions_select_own on public.subscriptions
  for select to authenticated using (user_id = (select auth.uid()));
create policy subscriptions_select_admin on public.subscriptions
  for select to authenticated using ((select public.is_admin()));
