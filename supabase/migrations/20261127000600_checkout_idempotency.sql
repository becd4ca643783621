-- A checkout that is sent twice makes one order.
--
-- The shop sends an Idempotency-Key with each checkout it starts (one key per cart, kept while the
-- cart does not change). When the answer is lost (a dropped connection, a double click, a retry
-- after a timeout) the same request comes again with the same key; until now every such request
-- wrote another pending order, so merchants saw orders nobody meant to place. Now:
--   - orders.checkout_key holds the key, unique over all orders;
--   - create_checkout_order takes the key. When an order with that key exists, it is returned as
--     it is (whatever its status) if the request is the same one: the same buyer (or both guests),
--     the same click and the same products in the same quantities. A different request under a
--     used key is refused with SQLSTATE PT409 (PostgREST answers 409), and nothing is written.
--     Two requests with the same key at the same moment meet at the unique index: the second
--     waits for the first and then gets its order.
-- Without a key, each call makes a new order, as before.

alter table public.orders add column checkout_key text;
alter table public.orders add constraint orders_checkout_key_format check (
  checkout_key is null
  or (length(checkout_key) between 16 and 128 and checkout_key !~ '[^A-Za-z0-9_:-]')
);
-- Orders without a key (null) do not conflict with each other.
alter table public.orders add constraint orders_checkout_key_key unique (checkout_key);

-- The order under a used key, if the request is the one that made it; otherwise PT409. Called by
-- create_checkout_order only (it runs as that function's owner).
create function public.checkout_order_replay(
  o public.orders,
  buyer uuid,
  items jsonb,
  click_ref uuid
)
returns public.orders
language plpgsql
stable
set search_path = ''
as $$
begin
  if o.buyer_id is distinct from buyer
     or o.click_ref is distinct from checkout_order_replay.click_ref
     or exists (
       select 1
       from (select product_id::text as product, quantity::text as quantity
               from public.order_items where order_id = o.id) stored
       full join (select lower(i->>'productId') as product, i->>'quantity' as quantity
                    from jsonb_array_elements(items) i) asked
         on stored.product = asked.product and stored.quantity = asked.quantity
       where stored.product is null or asked.product is null
     ) then
    raise exception 'This idempotency key was used for a different checkout'
      using errcode = 'PT409';
  end if;
  return o;
end;
$$;

revoke execute on function public.checkout_order_replay(public.orders, uuid, jsonb, uuid) from public, anon, authenticated;

drop function public.create_checkout_order(uuid, text, jsonb, uuid);

-- As in 20261123000200_money_tracking_and_checkout.sql, with checkout_key.
create function public.create_checkout_order(
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
  end loop;

  insert into public.orders (buyer_id, buyer_email, merchant_id, currency, click_ref, checkout_key)
  values (buyer, buyer_email, merchant, cur, create_checkout_order.click_ref, create_checkout_order.checkout_key)
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
  return o;
end;
$$;

revoke execute on function public.create_checkout_order(uuid, text, jsonb, uuid, text) from public, anon, authenticated;
grant execute on function public.create_checkout_order(uuid, text, jsonb, uuid, text) to service_role;
