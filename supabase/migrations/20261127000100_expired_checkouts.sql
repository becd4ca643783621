-- Checkouts that can no longer be paid are canceled instead of staying pending for ever.
--
-- create-checkout writes the pending order before it asks Stripe for a Checkout Session. A session
-- that is never paid expires (create-checkout gives it one hour), and Stripe then sends
-- checkout.session.expired; until now that event was only logged, so the order stayed pending and
-- merchants' order lists and pending counts carried orders nobody could pay. Now:
--   - checkout.session.expired (payment mode) cancels the order named in the session's metadata
--     (order_id) or client_reference_id, looked up once for both checkout events, if the order is
--     still pending and its checkout session is this one or none was stored: the expiry of an
--     older session cancels nothing that another session may still be paying. Anything else is
--     ignored.
--   - checkout.session.completed for a canceled order stays ignored (an expired session cannot be
--     paid, and create-checkout cancels an order only when no session could be made), but the
--     event row gets a processing_error so that an operator sees it.
--   - charge.refunded for a canceled (or failed) order is ignored with a processing_error: such an
--     order was never paid here, so there is nothing to refund, and raising (as record_order_refund
--     does for an unpaid order) would make Stripe retry the event for days.
-- Everything else of apply_stripe_event is as in 20261126000300_guest_self_referral.sql.

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

  -- Both checkout branches act on the session's order, named in its metadata or reference.
  if evt_type in ('checkout.session.completed', 'checkout.session.expired')
     and obj->>'mode' = 'payment' then
    begin
      order_id := coalesce(obj->'metadata'->>'order_id', obj->>'client_reference_id')::uuid;
    exception when others then
      order_id := null;
    end;
    select * into o from public.orders where id = order_id for update;
  end if;

  if evt_type = 'checkout.session.completed' and obj->>'mode' = 'payment' then
    if o.id is null then
      outcome := 'ignored';
    elsif o.status = 'canceled' then
      update public.stripe_events set processing_error = 'The order was canceled before this checkout completed'
      where id = evt_id;
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

  elsif evt_type = 'checkout.session.expired' and obj->>'mode' = 'payment' then
    if o.id is null or o.status <> 'pending' then
      outcome := 'ignored'; -- paid or canceled already
    elsif o.stripe_checkout_session_id is not null
          and o.stripe_checkout_session_id is distinct from obj->>'id' then
      outcome := 'ignored'; -- an older session of the order; the current one may still be paid
    else
      update public.orders set status = 'canceled' where id = o.id;
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
    elsif o.status in ('canceled', 'failed') then
      -- Never paid here, so there is nothing to refund or claw back; retrying would not change that.
      update public.stripe_events
      set processing_error = 'A refund arrived for an order that was never paid (' || o.status || ')'
      where id = evt_id;
      outcome := 'ignored';
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
