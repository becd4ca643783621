-- The money flows as atomic, idempotent database functions, so that a webhook or an admin action
-- applies exactly once whatever the order and number of deliveries:
--   record_order_payment  a paid checkout: totals, revenue split, attribution and the sale commission
--   record_order_refund   a (cumulative) refund: reverse the commission, or claw it back after payout
--   release_due_commissions  pending → approved once the holding period has passed
--   create_payout / mark_payout_paid  settle an affiliate's approved commissions (clawbacks included)
-- record_order_payment and record_order_refund are for the payment functions (service role);
-- the others also for administrators.

-- Platform fee in basis points of the order total.
create or replace function public.platform_fee_bps()
returns integer
language sql
immutable
set search_path = ''
as $$ select 500 $$;

create or replace function public.is_service_or_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.role() = 'service_role'
      or exists (select 1 from public.profiles p where p.id = auth.uid() and p.role = 'admin')
$$;

create or replace function public.record_order_payment(
  target uuid,
  payment_intent text,
  payment_fee_cents integer,
  paid_at timestamptz default now()
)
returns public.orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.orders;
  total integer;
  link public.affiliate_links;
  program public.affiliate_programs;
  click_time timestamptz;
  cut integer := 0;
  platform integer;
begin
  if payment_fee_cents is null or payment_fee_cents < 0 then
    raise exception 'The payment fee must be zero or more cents' using errcode = '22023';
  end if;
  select * into o from public.orders where id = target for update;
  if o.id is null then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if o.status <> 'pending' then
    return o; -- already applied (a repeated or late webhook)
  end if;

  select coalesce(sum(line_total_cents), 0) into total from public.order_items where order_id = o.id;
  if total = 0 then
    raise exception 'An order needs items before it is paid' using errcode = '23514';
  end if;
  if payment_fee_cents > total then
    raise exception 'The payment fee exceeds the order total' using errcode = '22023';
  end if;

  -- Attribution: the order's click (or cookie link) counts when the link is active, belongs to an
  -- active program of this merchant that the affiliate is approved in, and the click lies inside
  -- the program's cookie window.
  if o.click_id is not null then
    select c.clicked_at into click_time from public.link_clicks c where c.id = o.click_id;
    select l.* into link from public.affiliate_links l
      join public.link_clicks c on c.link_id = l.id where c.id = o.click_id;
  elsif o.affiliate_link_id is not null then
    select l.* into link from public.affiliate_links l where l.id = o.affiliate_link_id;
  end if;
  if link.id is not null and link.is_active then
    select p.* into program from public.affiliate_programs p
    where p.id = link.program_id and p.merchant_id = o.merchant_id and p.status = 'active'
      and exists (select 1 from public.program_memberships m
                  where m.program_id = p.id and m.affiliate_id = link.affiliate_id and m.status = 'approved');
  end if;
  if program.id is not null and click_time is not null
     and click_time < record_order_payment.paid_at - make_interval(days => program.cookie_window_days) then
    program := null;
  end if;

  platform := round(total * public.platform_fee_bps() / 10000.0)::integer;
  if program.id is not null then
    cut := coalesce(round(total * program.commission_rate_bps / 10000.0)::integer, program.commission_flat_cents);
    cut := greatest(0, least(cut, total - platform - payment_fee_cents));
  end if;
  if platform + payment_fee_cents + cut > total then
    platform := greatest(0, total - payment_fee_cents - cut);
  end if;
  update public.orders set
    status = 'paid',
    subtotal_cents = total,
    total_cents = total,
    paid_at = record_order_payment.paid_at,
    stripe_payment_intent_id = coalesce(payment_intent, stripe_payment_intent_id),
    payment_fee_cents = record_order_payment.payment_fee_cents,
    platform_fee_cents = platform,
    affiliate_amount_cents = cut,
    merchant_amount_cents = total - platform - record_order_payment.payment_fee_cents - cut,
    affiliate_link_id = case when program.id is not null then link.id end,
    attributed_affiliate_id = case when program.id is not null then link.affiliate_id end
  where id = o.id
  returning * into o;

  if program.id is not null then
    insert into public.commissions (affiliate_id, merchant_id, program_id, order_id, link_id, kind, amount_cents,
                                    currency, status, available_at)
    values (link.affiliate_id, o.merchant_id, program.id, o.id, link.id, 'sale', cut, o.currency, 'pending',
            o.paid_at + make_interval(days => program.holding_days))
    on conflict (order_id) where kind = 'sale' do nothing;
  end if;
  return o;
end;
$$;

create or replace function public.record_order_refund(
  target uuid,
  refunded_total_cents integer,
  refunded_at timestamptz default now()
)
returns public.orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.orders;
  sale public.commissions;
begin
  select * into o from public.orders where id = target for update;
  if o.id is null then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if o.status not in ('paid', 'partially_refunded', 'refunded') then
    raise exception 'Only paid orders can be refunded' using errcode = '23514';
  end if;
  if refunded_total_cents is null or refunded_total_cents < 0 or refunded_total_cents > o.total_cents then
    raise exception 'The refunded amount must be between 0 and the order total' using errcode = '22023';
  end if;
  -- Refund amounts are cumulative: an older or repeated event changes nothing.
  if refunded_total_cents <= o.refunded_cents then
    return o;
  end if;

  update public.orders set
    refunded_cents = refunded_total_cents,
    refunded_at = record_order_refund.refunded_at,
    status = case when refunded_total_cents = total_cents then 'refunded' else 'partially_refunded' end
  where id = o.id
  returning * into o;

  -- A full refund takes the commission back: reversed before payout, a clawback after it.
  -- Partial refunds leave the commission as it is.
  if o.status = 'refunded' then
    select * into sale from public.commissions where order_id = o.id and kind = 'sale' for update;
    if sale.id is not null then
      if sale.status in ('pending', 'approved') then
        update public.commissions set status = 'reversed', reversed_at = record_order_refund.refunded_at
        where id = sale.id;
      elsif sale.status = 'paid' and sale.amount_cents > 0 then
        insert into public.commissions (affiliate_id, merchant_id, program_id, order_id, link_id, kind, amount_cents,
                                        currency, status, available_at, approved_at, reverses_commission_id)
        values (sale.affiliate_id, sale.merchant_id, sale.program_id, sale.order_id, sale.link_id, 'clawback',
                -sale.amount_cents, sale.currency, 'approved', record_order_refund.refunded_at,
                record_order_refund.refunded_at, sale.id)
        on conflict (reverses_commission_id) where kind = 'clawback' do nothing;
      end if;
    end if;
  end if;
  return o;
end;
$$;

create or replace function public.release_due_commissions(as_of timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  released integer;
begin
  if not public.is_service_or_admin() then
    raise exception 'Only administrators can release commissions' using errcode = '42501';
  end if;
  update public.commissions c set status = 'approved', approved_at = as_of
  from public.orders o
  where o.id = c.order_id and c.status = 'pending' and c.available_at <= as_of
    and o.status in ('paid', 'partially_refunded');
  get diagnostics released = row_count;
  return released;
end;
$$;

-- Bundles the affiliate's approved commissions (clawbacks included) into one payout when they add
-- up to more than zero; returns that payout, or no row when there is nothing to pay.
create or replace function public.create_payout(affiliate uuid, currency text default 'USD')
returns setof public.payouts
language plpgsql
security definer
set search_path = ''
as $$
declare
  total bigint;
  payout public.payouts;
begin
  if not public.is_service_or_admin() then
    raise exception 'Only administrators can create payouts' using errcode = '42501';
  end if;
  perform 1 from public.commissions c
  where c.affiliate_id = affiliate and c.currency = create_payout.currency
    and c.status = 'approved' and c.payout_id is null
  for update;
  select coalesce(sum(c.amount_cents), 0) into total from public.commissions c
  where c.affiliate_id = affiliate and c.currency = create_payout.currency
    and c.status = 'approved' and c.payout_id is null;
  if total <= 0 then
    return;
  end if;
  insert into public.payouts (affiliate_id, amount_cents, currency, status, period_end)
  values (affiliate, total, create_payout.currency, 'processing', current_date)
  returning * into payout;
  update public.commissions c set payout_id = payout.id
  where c.affiliate_id = affiliate and c.currency = create_payout.currency
    and c.status = 'approved' and c.payout_id is null;
  return next payout;
end;
$$;

create or replace function public.mark_payout_paid(payout uuid, transfer_id text, paid_at timestamptz default now())
returns public.payouts
language plpgsql
security definer
set search_path = ''
as $$
declare
  p public.payouts;
begin
  if not public.is_service_or_admin() then
    raise exception 'Only administrators can mark payouts paid' using errcode = '42501';
  end if;
  select * into p from public.payouts where id = payout for update;
  if p.id is null then
    raise exception 'Payout not found' using errcode = 'P0002';
  end if;
  if p.status = 'paid' then
    return p;
  end if;
  update public.payouts set status = 'paid', paid_at = mark_payout_paid.paid_at,
                            stripe_transfer_id = coalesce(transfer_id, stripe_transfer_id)
  where id = p.id returning * into p;
  update public.commissions set status = 'paid', paid_at = mark_payout_paid.paid_at
  where payout_id = p.id and status = 'approved';
  return p;
end;
$$;

revoke execute on function public.record_order_payment(uuid, text, integer, timestamptz) from public, anon, authenticated;
revoke execute on function public.record_order_refund(uuid, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.record_order_payment(uuid, text, integer, timestamptz) to service_role;
grant execute on function public.record_order_refund(uuid, integer, timestamptz) to service_role;
revoke execute on function public.release_due_commissions(timestamptz) from public, anon;
revoke execute on function public.create_payout(uuid, text) from public, anon;
revoke execute on function public.mark_payout_paid(uuid, text, timestamptz) from public, anon;
