-- Partial refunds take back the refunded share of the commission.
--
-- Until now only a full refund touched the commission, so an affiliate kept the whole commission
-- of an order that was mostly refunded. Now every refund step adds a negative clawback for the
-- part of the sale's commission that the newly refunded amount stands for (refunded amounts are
-- cumulative, so a repeated or older refund event adds nothing; shares round down, and the full
-- refund takes whatever is left). A clawback follows its sale:
--   - while the sale is held (pending, in no payout): pending, released with the sale on the same
--     date, so both reach the same payout;
--   - once the sale is approved or paid: approved at once, reducing the next payout.
-- A full refund still reverses a sale that no payout holds yet, together with its clawbacks (they
-- are unpaid like it); once a payout holds the sale, it claws back what is left instead.
-- A sale may therefore have several clawbacks: the one-clawback-per-sale index gives way to a
-- plain one. Concurrent refunds of one order are serialised by the lock on its order row.

drop index public.commissions_one_clawback_each;
create index commissions_clawbacks_idx on public.commissions (reverses_commission_id)
  where kind = 'clawback';

-- What that index guarded, kept as a rule: a clawback takes back part of a sale's commission of the
-- same order and affiliate, and a sale's clawbacks (reversed ones aside) never add up to more than
-- the sale earned. The sale's row is locked, so concurrent clawbacks of one sale are checked one
-- after the other.
create or replace function public.commissions_check_clawback()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  sale public.commissions;
  taken bigint;
begin
  if new.kind <> 'clawback' or new.status = 'reversed' then
    return new;
  end if;
  select * into sale from public.commissions where id = new.reverses_commission_id for update;
  if sale.id is null or sale.kind <> 'sale' or sale.order_id <> new.order_id
     or sale.affiliate_id <> new.affiliate_id or sale.currency <> new.currency then
    raise exception 'A clawback takes back a sale commission of the same order, affiliate and currency'
      using errcode = '23514';
  end if;
  select coalesce(-sum(c.amount_cents), 0) into taken from public.commissions c
  where c.kind = 'clawback' and c.reverses_commission_id = sale.id and c.status <> 'reversed';
  if taken - new.amount_cents > sale.amount_cents then
    raise exception 'Clawbacks cannot take back more than the sale''s commission (% of % taken back already)',
      taken, sale.amount_cents using errcode = '23514';
  end if;
  return new;
end;
$$;

create trigger commissions_check_clawback
  before insert on public.commissions
  for each row execute function public.commissions_check_clawback();

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
  taken bigint;
  due bigint;
  held boolean;
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

  select * into sale from public.commissions where order_id = o.id and kind = 'sale' for update;
  if sale.id is null or sale.status = 'reversed' or sale.amount_cents = 0 then
    return o;
  end if;
  -- Not yet in any payout: the sale can still be taken back whole.
  held := sale.status in ('pending', 'approved') and sale.payout_id is null;

  if o.status = 'refunded' and held then
    update public.commissions set status = 'reversed', reversed_at = record_order_refund.refunded_at
    where (id = sale.id or (kind = 'clawback' and reverses_commission_id = sale.id))
      and status in ('pending', 'approved') and payout_id is null;
    return o;
  end if;

  -- The share of the commission the refunds so far stand for, less what earlier clawbacks took.
  select coalesce(-sum(c.amount_cents), 0) into taken from public.commissions c
  where c.kind = 'clawback' and c.reverses_commission_id = sale.id and c.status <> 'reversed';
  due := case
           when o.status = 'refunded' then sale.amount_cents::bigint
           else (sale.amount_cents::bigint * o.refunded_cents) / o.total_cents
         end - taken;
  if due <= 0 then
    return o;
  end if;
  insert into public.commissions (affiliate_id, merchant_id, program_id, order_id, link_id, kind, amount_cents,
                                  currency, status, available_at, approved_at, reverses_commission_id)
  values (sale.affiliate_id, sale.merchant_id, sale.program_id, sale.order_id, sale.link_id, 'clawback',
          -due::integer, sale.currency,
          case when sale.status = 'pending' then 'pending' else 'approved' end,
          case when sale.status = 'pending' then sale.available_at else record_order_refund.refunded_at end,
          case when sale.status = 'pending' then null else record_order_refund.refunded_at end,
          sale.id);
  return o;
end;
$$;

comment on function public.record_order_refund(uuid, integer, timestamptz) is
  'Applies a cumulative refund: partially_refunded or refunded. Each refund step claws back the refunded share of the commission (pending with a held sale, approved otherwise); a full refund reverses a sale no payout holds yet, with its clawbacks.';

revoke execute on function public.record_order_refund(uuid, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.record_order_refund(uuid, integer, timestamptz) to service_role;
