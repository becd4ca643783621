-- Self-referral by a guest: an affiliate who buys through their own link without signing in.
--
-- Until now self-referral was caught only when the buyer was signed in (the order's buyer is the
-- link's affiliate). A guest order has no buyer, so an affiliate could check out as a guest
-- through their own link and earn a commission on their own purchase. Checkout collects the
-- guest's email (Stripe Checkout always does; so does the local test checkout), and the
-- checkout.session.completed event carries it in customer_details.email. Now:
--   - the event's customer email is stored on a guest order (buyer_email) before it is paid;
--   - an order whose buyer email is the affiliate's account email counts as a self-referral:
--     no commission, flagged. Emails compare without case and without a "+tag" in the local
--     part (plus addressing reaches the same mailbox).

-- The mailbox an address reaches, for comparison: lower case, "+tag" removed from the local part.
create or replace function public.email_mailbox(address text)
returns text
language sql
immutable
strict
set search_path = ''
as $$
  select case
    when position('@' in address) > 1 then
      regexp_replace(split_part(lower(btrim(address)), '@', 1), '\+.*$', '')
        || '@' || split_part(lower(btrim(address)), '@', 2)
    else lower(btrim(address))
  end
$$;

comment on function public.email_mailbox(text) is
  'An email address reduced to its mailbox for comparison: lower case, without a +tag.';

revoke execute on function public.email_mailbox(text) from public, anon, authenticated;

-- As before, with self-referral also caught for guests: the link's affiliate is the buyer, or the
-- order's buyer email reaches the affiliate's account mailbox.
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
  units integer;
  link public.affiliate_links;
  program public.affiliate_programs;
  click public.link_clicks;
  cut integer := 0;
  platform integer;
  is_self boolean := false;
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

  select coalesce(sum(line_total_cents), 0), coalesce(sum(quantity), 0) into total, units
  from public.order_items where order_id = o.id;
  if total = 0 then
    raise exception 'An order needs items before it is paid' using errcode = '23514';
  end if;
  if payment_fee_cents > total then
    raise exception 'The payment fee exceeds the order total' using errcode = '22023';
  end if;

  -- Attribution: the order's click (from the cookie or the checkout's click id) counts when its
  -- link is active, belongs to an active program of this merchant that the affiliate is approved
  -- in, and the click lies inside the program's cookie window.
  if o.click_id is not null then
    select c.* into click from public.link_clicks c where c.id = o.click_id;
  elsif o.click_ref is not null then
    select c.* into click from public.link_clicks c where c.public_id = o.click_ref;
  end if;
  if click.id is not null then
    select l.* into link from public.affiliate_links l where l.id = click.link_id;
  elsif o.affiliate_link_id is not null then
    select l.* into link from public.affiliate_links l where l.id = o.affiliate_link_id;
  end if;
  if link.id is not null and link.is_active then
    select p.* into program from public.affiliate_programs p
    where p.id = link.program_id and p.merchant_id = o.merchant_id and p.status = 'active'
      and exists (select 1 from public.program_memberships m
                  where m.program_id = p.id and m.affiliate_id = link.affiliate_id and m.status = 'approved');
  end if;
  if program.id is not null and click.id is not null
     and click.clicked_at < record_order_payment.paid_at - make_interval(days => program.cookie_window_days) then
    program := null;
  end if;
  if program.id is not null and (
       (o.buyer_id is not null and o.buyer_id = link.affiliate_id)
       or (o.buyer_email is not null and exists (
             select 1 from auth.users u
             where u.id = link.affiliate_id and u.email is not null
               and public.email_mailbox(u.email) = public.email_mailbox(o.buyer_email)))) then
    is_self := true;
    program := null;
  end if;

  platform := round(total * public.platform_fee_bps() / 10000.0)::integer;
  if program.id is not null then
    if program.commission_type = 'percent' then
      select coalesce(sum(round(i.line_total_cents * program.commission_rate_bps / 10000.0)), 0)::integer into cut
      from public.order_items i where i.order_id = o.id;
    else
      cut := program.commission_flat_cents * units;
    end if;
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
    click_id = coalesce(click.id, click_id),
    affiliate_link_id = case when program.id is not null then link.id end,
    attributed_affiliate_id = case when program.id is not null then link.affiliate_id end,
    self_referral = is_self
  where id = o.id
  returning * into o;

  update public.products p set stock = greatest(p.stock - i.quantity, 0)
  from public.order_items i
  where i.order_id = o.id and i.product_id = p.id and p.stock is not null;

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

revoke execute on function public.record_order_payment(uuid, text, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.record_order_payment(uuid, text, integer, timestamptz) to service_role;

-- As before, with: a completed checkout stores the customer's email on a guest order before the
-- payment is recorded (the self-referral check above reads it).
create or replace function public.apply_stripe_event(event jsonb, payment_fee_cents integer default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  evt_id text := event->>'id';
  evt_type text := event->>'type';
  obj jsonb := event->'data'->'object';
  happened timestamptz := to_timestamp(coalesce((event->>'created')::bigint, extract(epoch from now())::bigint));
  order_id uuid;
  o public.orders;
  outcome text := 'applied';
  sub_id text;
  meta jsonb;
  owner uuid;
  tier text;
  period_end timestamptz;
  period_end_epoch bigint;
  existing public.subscriptions;
  fee integer;
begin
  if evt_id is null or evt_id !~ '^evt_[A-Za-z0-9_]+$' or evt_type is null or jsonb_typeof(obj) <> 'object' then
    raise exception 'Not a Stripe event' using errcode = '22023';
  end if;
  insert into public.stripe_events (id, type, livemode, payload)
  values (evt_id, evt_type, coalesce((event->>'livemode')::boolean, false), event)
  on conflict (id) do nothing;
  if not found then
    return 'duplicate';
  end if;

  if evt_type = 'checkout.session.completed' and obj->>'mode' = 'payment' then
    begin
      order_id := coalesce(obj->'metadata'->>'order_id', obj->>'client_reference_id')::uuid;
    exception when others then
      order_id := null;
    end;
    select * into o from public.orders where id = order_id for update;
    if o.id is null then
      outcome := 'ignored';
    elsif o.status <> 'pending' then
      outcome := 'ignored'; -- paid already (another session or event for the same order)
    elsif obj->>'payment_status' is distinct from 'paid' then
      outcome := 'ignored';
    elsif (obj->>'amount_total')::bigint is distinct from o.total_cents
          or upper(obj->>'currency') is distinct from o.currency then
      update public.stripe_events set processing_error = 'The amount paid does not match the order total'
      where id = evt_id;
      outcome := 'ignored';
    else
      fee := coalesce(payment_fee_cents, round(o.total_cents * 0.029)::integer + 30);
      fee := least(fee, o.total_cents);
      update public.orders set stripe_checkout_session_id = coalesce(stripe_checkout_session_id, obj->>'id')
      where id = o.id;
      if o.buyer_email is null
         and length(obj->'customer_details'->>'email') <= 320
         and obj->'customer_details'->>'email' ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
        update public.orders set buyer_email = obj->'customer_details'->>'email' where id = o.id;
      end if;
      if o.click_ref is null and obj->'metadata'->>'click_id' ~ '^[0-9a-f-]{36}$' then
        update public.orders set click_ref = (obj->'metadata'->>'click_id')::uuid where id = o.id;
      end if;
      perform public.record_order_payment(o.id, obj->>'payment_intent', fee, happened);
    end if;

  elsif evt_type = 'charge.refunded' then
    begin
      order_id := (obj->'metadata'->>'order_id')::uuid;
    exception when others then
      order_id := null;
    end;
    select * into o from public.orders
    where id = order_id or (obj->>'payment_intent' is not null and stripe_payment_intent_id = obj->>'payment_intent')
    limit 1;
    if o.id is null and order_id is null then
      outcome := 'ignored';
    elsif o.id is null or o.status = 'pending' then
      raise exception 'retry: the refund arrived before the payment' using errcode = '55000';
    else
      perform public.record_order_refund(o.id, least((obj->>'amount_refunded')::integer, o.total_cents), happened);
    end if;

  elsif evt_type in ('customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted')
        or evt_type = 'invoice.paid' then
    if evt_type = 'invoice.paid' then
      sub_id := coalesce(obj->>'subscription', obj->'parent'->'subscription_details'->>'subscription');
      meta := coalesce(obj->'parent'->'subscription_details'->'metadata', obj->'subscription_details'->'metadata', '{}');
      select max((l->'period'->>'end')::bigint) into period_end_epoch
      from jsonb_array_elements(coalesce(obj->'lines'->'data', '[]')) l;
      period_end := to_timestamp(period_end_epoch);
    else
      sub_id := obj->>'id';
      meta := coalesce(obj->'metadata', '{}');
    end if;
    if sub_id is null then
      outcome := 'ignored';
    else
      select * into existing from public.subscriptions where stripe_subscription_id = sub_id for update;
      begin
        owner := coalesce(existing.user_id, (meta->>'user_id')::uuid);
      exception when others then
        owner := existing.user_id;
      end;
      tier := coalesce(meta->>'tier', existing.tier);
      if owner is null or tier is null or tier not in ('starter', 'pro', 'business')
         or not exists (select 1 from public.profiles where id = owner) then
        outcome := 'ignored';
      elsif evt_type = 'invoice.paid' then
        insert into public.subscriptions (user_id, tier, status, current_period_end, stripe_customer_id,
                                          stripe_subscription_id, stripe_event_at)
        values (owner, tier, 'active', period_end, obj->>'customer', sub_id, null)
        on conflict (stripe_subscription_id) do update
          set status = case when public.subscriptions.status in ('incomplete', 'past_due', 'unpaid', 'active', 'trialing')
                            then 'active' else public.subscriptions.status end,
              current_period_end = greatest(public.subscriptions.current_period_end, excluded.current_period_end);
      elsif existing.id is not null and existing.stripe_event_at is not null and existing.stripe_event_at > happened then
        outcome := 'ignored'; -- an older state than the one stored
      else
        period_end := to_timestamp(coalesce(
          obj->>'current_period_end',
          obj->'items'->'data'->0->>'current_period_end')::bigint);
        insert into public.subscriptions (user_id, tier, status, current_period_end, cancel_at_period_end,
                                          stripe_customer_id, stripe_subscription_id, stripe_price_id, stripe_event_at)
        values (owner, tier,
                case when evt_type = 'customer.subscription.deleted' then 'canceled' else obj->>'status' end,
                period_end, coalesce((obj->>'cancel_at_period_end')::boolean, false), obj->>'customer', sub_id,
                obj->'items'->'data'->0->'price'->>'id', happened)
        on conflict (stripe_subscription_id) do update
          set status = excluded.status,
              tier = excluded.tier,
              current_period_end = coalesce(greatest(public.subscriptions.current_period_end, excluded.current_period_end),
                                            excluded.current_period_end),
              cancel_at_period_end = excluded.cancel_at_period_end,
              stripe_customer_id = coalesce(excluded.stripe_customer_id, public.subscriptions.stripe_customer_id),
              stripe_price_id = coalesce(excluded.stripe_price_id, public.subscriptions.stripe_price_id),
              stripe_event_at = excluded.stripe_event_at;
      end if;
    end if;

  else
    outcome := 'ignored'; -- charge.succeeded and other events are kept in the log only
  end if;

  update public.stripe_events set processed_at = now() where id = evt_id;
  return outcome;
end;
$$;

revoke execute on function public.apply_stripe_event(jsonb, integer) from public, anon, authenticated;
grant execute on function public.apply_stripe_event(jsonb, integer) to service_role;
