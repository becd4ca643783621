-- Money flows, part 2: one atomic payout run. Releases the commissions whose holding period has
-- passed, then pays every affiliate whose approved commissions (negative clawbacks included) add
-- up to at least the minimum: one payout per affiliate and currency, marked paid in the same
-- transaction. Affiliates below the minimum, or with clawbacks outweighing their earnings, carry
-- the balance to the next run.
create or replace function public.run_payouts(
  as_of timestamptz default now(),
  minimum_cents integer default 1000,
  payout_currency text default 'USD'
)
returns setof public.payouts
language plpgsql
security definer
set search_path = ''
as $$
declare
  a record;
  p public.payouts;
begin
  if not public.is_service_or_admin() then
    raise exception 'Only administrators can run payouts' using errcode = '42501';
  end if;
  if as_of is null or minimum_cents is null or minimum_cents < 1 or minimum_cents > 100000000 then
    raise exception 'The minimum payout must be between 1 and 100000000 cents' using errcode = '22023';
  end if;
  if payout_currency is null or payout_currency !~ '^[A-Z]{3}$' then
    raise exception 'The currency must be a three-letter ISO code' using errcode = '22023';
  end if;
  -- One run at a time: a second run waits and then finds nothing left to pay twice.
  perform pg_advisory_xact_lock(hashtext('public.run_payouts'));
  perform public.release_due_commissions(as_of);
  for a in
    select c.affiliate_id from public.commissions c
    where c.status = 'approved' and c.payout_id is null and c.currency = payout_currency
    group by c.affiliate_id
    having sum(c.amount_cents) >= minimum_cents
    order by c.affiliate_id
  loop
    select * into p from public.create_payout(a.affiliate_id, payout_currency);
    if p.id is not null then
      update public.payouts set period_end = (as_of at time zone 'UTC')::date where id = p.id;
      p := public.mark_payout_paid(p.id, null, as_of);
      return next p;
    end if;
  end loop;
end;
$$;

revoke execute on function public.run_payouts(timestamptz, integer, text) from public, anon;
grant execute on function public.run_payouts(timestamptz, integer, text) to authenticated, service_role;
