-- Orders keep the address the buyer gives at checkout, so the merchant can ship them.
--
-- A shopper review found that no shipping address was ever collected, while the payment-success
-- page says "The merchant ships it". Now:
--   1. orders.shipping_address holds where to ship: {"name", "line1", "line2", "city",
--      "postal_code", "state", "country"}, each a trimmed string or null (line2, state, and
--      city and postal_code where a country has none), country an ISO 3166-1 alpha-2 code. A
--      check constraint holds every writer to that shape. Row-level security on orders already
--      lets the buyer, the order's merchant and admins read an order, and nobody else, so the
--      address is theirs alone.
--   2. create-checkout asks Stripe Checkout to collect it; the local test checkout page asks for
--      it too. apply_stripe_event reads it from a paid session's
--      collected_information.shipping_details (current API versions) or shipping_details (older
--      ones), checks it field by field before anything is written, and stores it on the order
--      when the order is paid. A malformed address refuses the event with 22023 and a message
--      naming the field (stripe-webhook answers 400 invalid_event); nothing is written, and a
--      corrected delivery is applied.

alter table public.orders add column shipping_address jsonb;

-- What is wrong with an address in the stored shape, or null when nothing is. Immutable: the
-- check constraint below uses it.
create function public.shipping_address_problem(address jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  field text;
  value jsonb;
  text_value text;
  -- Each field with its longest length, in the order the fields are reported.
  fields constant text[] := array['name', 'line1', 'line2', 'city', 'postal_code', 'state', 'country'];
  longest constant integer[] := array[200, 200, 200, 100, 20, 100, 2];
  required constant text[] := array['name', 'line1', 'country'];
begin
  if address is null then
    return null;
  end if;
  if jsonb_typeof(address) <> 'object' then
    return 'The shipping address must be an object';
  end if;
  select k into field from jsonb_object_keys(address) k where k <> all(fields) order by k limit 1;
  if field is not null then
    return format('The shipping address has an unknown field "%s"', field);
  end if;
  for i in 1 .. array_length(fields, 1) loop
    field := fields[i];
    value := address->field;
    if value is null or jsonb_typeof(value) = 'null' then
      if field = any(required) then
        return format('The shipping address needs "%s"', field);
      end if;
      continue;
    end if;
    if jsonb_typeof(value) <> 'string' then
      return format('The shipping address''s "%s" must be text', field);
    end if;
    text_value := value #>> '{}';
    if length(text_value) not between 1 and longest[i] or text_value <> btrim(text_value) then
      return format('The shipping address''s "%s" must be 1 to %s characters without surrounding spaces',
                    field, longest[i]);
    end if;
    if text_value ~ '[[:cntrl:]]' then
      return format('The shipping address''s "%s" must not hold control characters', field);
    end if;
  end loop;
  if address->>'country' !~ '^[A-Z]{2}$' then
    return 'The shipping address''s "country" must be a two-letter country code (ISO 3166-1)';
  end if;
  return null;
end;
$$;

comment on function public.shipping_address_problem(jsonb) is
  'What is wrong with a shipping address in the shape of orders.shipping_address, or null when nothing is.';

alter table public.orders add constraint orders_shipping_address_shape
  check (public.shipping_address_problem(shipping_address) is null);

comment on column public.orders.shipping_address is
  'Where to ship, as given at checkout: name, line1, line2, city, postal_code, state, country (ISO 3166-1 alpha-2); null when none was collected.';

-- Stripe's shipping_details ({"name", "address": {"line1", …}}) in the stored shape: strings
-- trimmed, blank ones as null. Anything else is passed on as it is, for
-- shipping_address_problem to name.
create function public.shipping_address_from_stripe(details jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_object_agg(
    f.field,
    case
      when jsonb_typeof(f.value) = 'string' and btrim(f.value #>> '{}') = '' then 'null'::jsonb
      when jsonb_typeof(f.value) = 'string' then to_jsonb(btrim(f.value #>> '{}'))
      else coalesce(f.value, 'null'::jsonb)
    end)
  from (values
    ('name', details->'name'),
    ('line1', details->'address'->'line1'),
    ('line2', details->'address'->'line2'),
    ('city', details->'address'->'city'),
    ('postal_code', details->'address'->'postal_code'),
    ('state', details->'address'->'state'),
    ('country', details->'address'->'country')
  ) as f(field, value)
$$;

revoke execute on function public.shipping_address_from_stripe(jsonb) from public, anon, authenticated;

-- As in 20261130000300_stripe_event_fields_checked.sql, with the shipping address checked with
-- the other fields and stored when the order is paid.
create or replace function public.apply_stripe_event(event jsonb, payment_fee_cents integer default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  evt_id text;
  evt_type text;
  obj jsonb;
  happened timestamptz := now();
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
  refunded bigint;
  line jsonb;
  field text;
  -- Whole seconds (since 1970) or whole cents as JSON numbers; jsonb prints a number in plain
  -- digits (1e3 as 1000, 12.5 as 12.5), so the text of a whole number is digits only.
  whole_seconds constant text := '^[0-9]{1,11}$';
  whole_cents constant text := '^[0-9]{1,15}$';
  shipping jsonb;
  problem text;
begin
  if jsonb_typeof(event) is distinct from 'object'
     or jsonb_typeof(event->'id') is distinct from 'string'
     or jsonb_typeof(event->'type') is distinct from 'string'
     or jsonb_typeof(event->'data'->'object') is distinct from 'object' then
    raise exception 'Not a Stripe event' using errcode = '22023';
  end if;
  evt_id := event->>'id';
  evt_type := event->>'type';
  obj := event->'data'->'object';
  if evt_id !~ '^evt_[A-Za-z0-9_]+$' or length(evt_type) not between 1 and 200 then
    raise exception 'Not a Stripe event' using errcode = '22023';
  end if;

  -- The fields read below, checked before anything is written.
  if coalesce(jsonb_typeof(event->'created'), 'null') <> 'null' then
    if jsonb_typeof(event->'created') <> 'number' or (event->'created')::text !~ whole_seconds then
      raise exception 'The event''s "created" must be a time in whole seconds' using errcode = '22023';
    end if;
    happened := to_timestamp((event->'created')::text::bigint);
    if happened > now() + interval '1 hour' then
      raise exception 'The event''s "created" is in the future' using errcode = '22023';
    end if;
  end if;
  if coalesce(jsonb_typeof(event->'livemode'), 'null') not in ('boolean', 'null') then
    raise exception 'The event''s "livemode" must be true or false' using errcode = '22023';
  end if;

  if evt_type in ('checkout.session.completed', 'checkout.session.expired')
     and obj->>'mode' = 'payment'
     and coalesce(jsonb_typeof(obj->'amount_total'), 'null') <> 'null'
     and (jsonb_typeof(obj->'amount_total') <> 'number' or (obj->'amount_total')::text !~ whole_cents) then
    raise exception 'The session''s "amount_total" must be a whole number of cents' using errcode = '22023';
  end if;

  -- Where a paid session says to ship: collected_information.shipping_details in current API
  -- versions, shipping_details in older ones. Absent is fine (a session made without address
  -- collection); present, every field must be right, or the whole event is refused.
  if evt_type = 'checkout.session.completed' and obj->>'mode' = 'payment' then
    if coalesce(jsonb_typeof(obj->'collected_information'), 'null') not in ('object', 'null') then
      raise exception 'The session''s "collected_information" must be an object' using errcode = '22023';
    end if;
    shipping := coalesce(nullif(obj->'collected_information'->'shipping_details', 'null'),
                         nullif(obj->'shipping_details', 'null'));
    if shipping is not null then
      if jsonb_typeof(shipping) <> 'object' or jsonb_typeof(shipping->'address') is distinct from 'object' then
        raise exception 'The session''s "shipping_details" must be an object with an "address"'
          using errcode = '22023';
      end if;
      shipping := public.shipping_address_from_stripe(shipping);
      problem := public.shipping_address_problem(shipping);
      if problem is not null then
        raise exception '%', problem using errcode = '22023';
      end if;
    end if;
  end if;

  if evt_type = 'charge.refunded' then
    if jsonb_typeof(obj->'amount_refunded') is distinct from 'number'
       or (obj->'amount_refunded')::text !~ whole_cents then
      raise exception 'A refund needs the charge''s "amount_refunded", a whole number of cents'
        using errcode = '22023';
    end if;
    refunded := (obj->'amount_refunded')::text::bigint;
    -- More than any order may cost (an order's total is an integer column).
    if refunded > 2147483647 then
      raise exception 'The refund''s "amount_refunded" is more than any order costs' using errcode = '22023';
    end if;
  end if;

  if evt_type in ('customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted') then
    if evt_type <> 'customer.subscription.deleted'
       and (jsonb_typeof(obj->'status') is distinct from 'string'
            or obj->>'status' not in ('incomplete', 'incomplete_expired', 'trialing', 'active',
                                      'past_due', 'canceled', 'unpaid', 'paused')) then
      raise exception 'The subscription''s "status" is not one of Stripe''s subscription statuses'
        using errcode = '22023';
    end if;
    if coalesce(jsonb_typeof(obj->'items'), 'null') not in ('object', 'null')
       or coalesce(jsonb_typeof(obj->'items'->'data'), 'null') not in ('array', 'null') then
      raise exception 'The subscription''s "items.data" must be a list' using errcode = '22023';
    end if;
    foreach field in array array[obj->'current_period_end', obj->'items'->'data'->0->'current_period_end']::text[] loop
      if field is not null and field <> 'null' and field !~ whole_seconds then
        raise exception 'The subscription''s "current_period_end" must be a time in whole seconds'
          using errcode = '22023';
      end if;
    end loop;
    if coalesce(jsonb_typeof(obj->'cancel_at_period_end'), 'null') not in ('boolean', 'null') then
      raise exception 'The subscription''s "cancel_at_period_end" must be true or false' using errcode = '22023';
    end if;
  end if;

  if evt_type = 'invoice.paid' then
    if coalesce(jsonb_typeof(obj->'lines'), 'null') not in ('object', 'null')
       or coalesce(jsonb_typeof(obj->'lines'->'data'), 'null') not in ('array', 'null') then
      raise exception 'The invoice''s "lines.data" must be a list' using errcode = '22023';
    end if;
    for line in select value from jsonb_array_elements(coalesce(obj->'lines'->'data', '[]')) loop
      if jsonb_typeof(line) <> 'object'
         or coalesce(jsonb_typeof(line->'period'), 'null') not in ('object', 'null')
         or (coalesce(jsonb_typeof(line->'period'->'end'), 'null') <> 'null'
             and (line->'period'->'end')::text !~ whole_seconds) then
        raise exception 'Each invoice line must be an object whose "period.end" is a time in whole seconds'
          using errcode = '22023';
      end if;
    end loop;
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
      if shipping is not null and o.shipping_address is null then
        update public.orders set shipping_address = shipping where id = o.id;
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
    elsif refunded > o.total_cents then
      raise exception 'The refunded amount must be between 0 and the order total' using errcode = '22023';
    else
      perform public.record_order_refund(o.id, refunded::integer, happened);
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
