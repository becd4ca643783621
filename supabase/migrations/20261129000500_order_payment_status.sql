-- The payment-success page says "payment received" only when the database says the order is paid.
-- A guest buyer cannot read the order row (row-level security: buyer, merchant, admin), so anyone
-- who holds an order's id (a random UUID, known from the checkout's return address) may ask for its
-- status alone: no amounts, items, buyer or merchant are revealed.

create function public.order_payment_status(order_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select o.status from public.orders o where o.id = order_id;
$$;

comment on function public.order_payment_status(uuid) is
  'Anyone holding an order id: its status only (pending, paid, partially_refunded, refunded, canceled, failed), null when there is no such order.';

revoke execute on function public.order_payment_status(uuid) from public;
grant execute on function public.order_payment_status(uuid) to anon, authenticated;
