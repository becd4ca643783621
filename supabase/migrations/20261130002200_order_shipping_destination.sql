-- The payment-success page says where a paid order goes ("Shipping to Bristol, United Kingdom").
-- A signed-in buyer reads the whole address from the order (row-level security: buyer, merchant,
-- admin). A guest cannot read the order row, so, as with order_payment_status, whoever holds the
-- order's id (a random UUID, known from the checkout's return address) may ask for the town and
-- country alone: never the name, the street or the postal code, which stay the buyer's, the
-- merchant's and the admins'.

create function public.order_shipping_destination(order_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('city', o.shipping_address->>'city', 'country', o.shipping_address->>'country')
  from public.orders o
  where o.id = order_id and o.shipping_address is not null;
$$;

comment on function public.order_shipping_destination(uuid) is
  'Anyone holding an order id: the town and country it ships to ({"city", "country"}), null when the order has no address.';

revoke execute on function public.order_shipping_destination(uuid) from public;
grant execute on function public.order_shipping_destination(uuid) to anon, authenticated;
