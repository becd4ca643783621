-- Prices and checkout totals are bounded by what Stripe can charge in one payment: 999,999.99
-- (amounts of at most eight digits in the currency's smallest unit). The bound set in
-- 20261130000100 was 1,000,000.00, one cent above it: a product at that price, or a cart costing
-- exactly that, became an order for which create-checkout could not make a Checkout Session.
-- Now:
--   1. A product's price is at most 99,999,999 cents (PRODUCT_MAX_PRICE_CENTS of
--      @verdant/validation, which the forms and the API client check too). The constraint is
--      validated at once where no product is priced above it; a product already priced at
--      1,000,000.00 keeps its price (changing a merchant's price is the merchant's decision) and
--      the constraint then stays NOT VALID, so that product's next save asks for a price within
--      the bound.
--   2. create_checkout_order refuses a checkout that would cost more than 999,999.99 with 22023
--      (create-checkout answers 400 invalid_cart), writing nothing.

alter table public.products drop constraint products_price_cents_max;

alter table public.products
  add constraint products_price_cents_max
  check (price_cents <= 99999999) not valid;

do $$
begin
  if not exists (select 1 from public.products where price_cents > 99999999) then
    alter table public.products validate constraint products_price_cents_max;
  end if;
end;
$$;

comment on constraint products_price_cents_max on public.products is
  'A price is at most 999,999.99 (PRODUCT_MAX_PRICE_CENTS of @verdant/validation), the most Stripe charges in one payment.';

-- As in 20261130002000_stock_reservation.sql, with the total bounded by 999,999.99.
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
  if total > 99999999 then
    raise exception 'A checkout may cost at most 999,999.99; remove some items' using errcode = '22023';
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
