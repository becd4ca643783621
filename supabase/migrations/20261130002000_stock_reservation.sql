-- Stock is reserved when a checkout is made, so two shoppers cannot both pay for the last units.
--
-- A shopper review found a product with 22 in stock sold twice over: two shoppers each checked
-- out 20, and both were charged. create_checkout_order compared the stock with the quantity but
-- took nothing, and the units left stock only when an order was paid (record_order_payment, which
-- also cut the stock at zero instead of refusing). Now:
--   1. create_checkout_order takes each line's units from stock as it makes the order, under a
--      row lock on the products (taken in the order of their ids, so carts holding the same
--      products never deadlock). A checkout that waited for another one checks the stock again
--      once it holds the lock and is refused with the usual 22023 "Only N of … left in stock"
--      (create-checkout answers 400 invalid_cart), writing nothing. A request repeated under its
--      idempotency key gets its order back and takes nothing again, also when the two arrive
--      together.
--   2. orders.stock_reserved says that an order holds its units. record_order_payment no longer
--      takes them; only an order that was pending before this migration (which holds nothing)
--      takes them at payment, as it did.
--   3. An order that leaves `pending` for `canceled` or `failed` gives its units back, once: a
--      trigger on the order's status clears stock_reserved in the same update. That covers every
--      way an order is closed unpaid: checkout.session.expired (Stripe's, and the local stack's
--      expiry sweep, which sends the same event) and create-checkout canceling an order for
--      which no session could be made.
--   Refunds do not restock: whether refunded goods can be sold again is the merchant's decision,
--   made by editing the product's stock.

alter table public.orders add column stock_reserved boolean not null default false;

comment on column public.orders.stock_reserved is
  'The order holds its units (taken from products.stock at checkout); cleared when an unpaid order is closed and the units go back.';

-- As in 20261130000100_price_and_checkout_total_bounds.sql, with the stock locked, checked again
-- and taken before the order is returned.
create or replace function public.create_checkout_order(
  buyer uuid,
  buyer_email text,
  items jsonb,
  click_ref uuid default null,
  checkout_key text default null
)
returns public.orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.orders;
  item jsonb;
  product public.products;
  merchant uuid;
  cur text;
  qty integer;
  seen uuid[] := '{}';
  pid uuid;
  -- bigint: the sum of up to 50 lines of 100 units is checked against the bound below before any
  -- integer column holds it.
  total bigint := 0;
  short record;
begin
  if checkout_key is not null then
    select * into o from public.orders where orders.checkout_key = create_checkout_order.checkout_key;
    if o.id is not null then
      return public.checkout_order_replay(o, buyer, items, create_checkout_order.click_ref);
    end if;
  end if;
  if jsonb_typeof(items) <> 'array' or jsonb_array_length(items) = 0 or jsonb_array_length(items) > 50 then
    raise exception 'A checkout needs between 1 and 50 items' using errcode = '22023';
  end if;
  for item in select value from jsonb_array_elements(items) loop
    begin
      pid := (item->>'productId')::uuid;
    exception when others then
      raise exception 'Each item needs a valid productId' using errcode = '22023';
    end;
    if pid is null then
      raise exception 'Each item needs a valid productId' using errcode = '22023';
    end if;
    if pid = any(seen) then
      raise exception 'Each product may appear only once in a checkout' using errcode = '22023';
    end if;
    seen := seen || pid;
    if jsonb_typeof(item->'quantity') <> 'number' or (item->>'quantity') !~ '^[0-9]{1,3}$'
       or (item->>'quantity')::integer not between 1 and 100 then
      raise exception 'Quantities must be whole numbers from 1 to 100' using errcode = '22023';
    end if;
    select p.* into product from public.products p
      join public.merchant_profiles m on m.id = p.merchant_id
    where p.id = pid and p.status = 'approved' and m.approval_status = 'approved';
    if product.id is null then
      raise exception 'Product % is not for sale', pid using errcode = 'P0002';
    end if;
    if merchant is null then
      merchant := product.merchant_id;
      cur := product.currency;
    elsif merchant <> product.merchant_id or cur <> product.currency then
      raise exception 'A checkout can hold products of one merchant and currency only' using errcode = '22023';
    end if;
    qty := (item->>'quantity')::integer;
    if product.stock is not null and product.stock < qty then
      raise exception 'Only % of "%" left in stock', product.stock, product.name using errcode = '22023';
    end if;
    total := total + product.price_cents::bigint * qty;
  end loop;
  if total > 100000000 then
    raise exception 'A checkout may cost at most 1,000,000.00; remove some items' using errcode = '22023';
  end if;

  -- The stock is taken now, under a lock on each product row: a second checkout of the same
  -- product waits here until this one commits and then sees what is left. The rows are locked in
  -- one order (by id) so that two carts holding the same products the other way round queue
  -- instead of deadlocking.
  perform 1 from public.products p where p.id = any(seen) order by p.id for update;
  -- A request under the same key that committed while this one waited made the order already.
  if checkout_key is not null then
    select * into o from public.orders where orders.checkout_key = create_checkout_order.checkout_key;
    if o.id is not null then
      return public.checkout_order_replay(o, buyer, items, create_checkout_order.click_ref);
    end if;
  end if;
  -- The stock seen above may have been taken by a checkout that committed meanwhile.
  select p.name, p.stock into short
  from jsonb_array_elements(items) i
  join public.products p on p.id = (i->>'productId')::uuid
  where p.stock is not null and p.stock < (i->>'quantity')::integer
  order by p.id
  limit 1;
  if found then
    raise exception 'Only % of "%" left in stock', short.stock, short.name using errcode = '22023';
  end if;

  insert into public.orders (buyer_id, buyer_email, merchant_id, currency, click_ref, checkout_key, stock_reserved)
  values (buyer, buyer_email, merchant, cur, create_checkout_order.click_ref, create_checkout_order.checkout_key, true)
  on conflict on constraint orders_checkout_key_key do nothing
  returning * into o;
  if o.id is null then
    -- The same key, committed by a request that ran at the same time.
    select * into o from public.orders where orders.checkout_key = create_checkout_order.checkout_key;
    return public.checkout_order_replay(o, buyer, items, create_checkout_order.click_ref);
  end if;
  insert into public.order_items (order_id, product_id, product_name, unit_price_cents, quantity, line_total_cents, currency)
  select o.id, p.id, p.name, p.price_cents, (i->>'quantity')::integer, p.price_cents * (i->>'quantity')::integer, p.currency
  from jsonb_array_elements(items) i
  join public.products p on p.id = (i->>'productId')::uuid;
  update public.orders set
    subtotal_cents = (select sum(line_total_cents) from public.order_items where order_id = o.id),
    total_cents = (select sum(line_total_cents) from public.order_items where order_id = o.id)
  where id = o.id returning * into o;
  if o.total_cents <= 0 then
    raise exception 'A checkout must cost more than zero' using errcode = '22023';
  end if;
  -- Checked above under the lock, so no stock goes below zero.
  update public.products p set stock = p.stock - i.quantity
  from public.order_items i
  where i.order_id = o.id and i.product_id = p.id and p.stock is not null;
  return o;
end;
$$;

revoke execute on function public.create_checkout_order(uuid, text, jsonb, uuid, text) from public, anon, authenticated;
grant execute on function public.create_checkout_order(uuid, text, jsonb, uuid, text) to service_role;


-- As in 20261126000300_guest_self_referral.sql, without taking stock for an order that reserved it.
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

  -- The units were taken from stock when the checkout was made (create_checkout_order). Only an
  -- order that was already pending when reservations began takes its units now, as before.
  if not o.stock_reserved then
    update public.products p set stock = greatest(p.stock - i.quantity, 0)
    from public.order_items i
    where i.order_id = o.id and i.product_id = p.id and p.stock is not null;
    update public.orders set stock_reserved = true where id = o.id returning * into o;
  end if;

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

-- An unpaid order that is closed gives its units back. The flag is cleared in the same row update,
-- so a second cancel (a repeated event, the expiry sweep and the page at once) gives nothing more.
-- SECURITY DEFINER: the order is closed by the webhook or create-checkout as the service role,
-- which has no business writing products itself.
create function public.orders_release_stock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.status = 'pending' and new.status in ('canceled', 'failed') and old.stock_reserved then
    -- Locked in the order create_checkout_order locks them, so the two never deadlock.
    perform 1 from public.products p
    where p.id in (select i.product_id from public.order_items i where i.order_id = new.id)
    order by p.id
    for update;
    -- In bigint and capped: a merchant may have set a stock near the column's limit meanwhile.
    update public.products p set stock = least(p.stock::bigint + i.quantity, 2147483647)::integer
    from public.order_items i
    where i.order_id = new.id and i.product_id = p.id and p.stock is not null;
    new.stock_reserved := false;
  end if;
  return new;
end;
$$;

revoke execute on function public.orders_release_stock() from public, anon, authenticated;

create trigger orders_release_stock
  before update of status on public.orders
  for each row execute function public.orders_release_stock();
