-- Commissions are released (pending → approved, and so payable) only once their holding period
-- has passed. `as_of` lets a run be dated in the past (e.g. the end of last month); a date in the
-- future would release and pay commissions before their hold ends, so it is refused for every
-- caller, administrators and the service role alike. One minute of tolerance covers the clocks of
-- the calling function and the database. run_payouts releases through this function first, so it
-- refuses the same dates with the same message before anything is written.
create or replace function public.release_due_commissions(as_of timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  released integer;
begin
  if not public.is_service_or_admin() then
    raise exception 'Only administrators can release commissions' using errcode = '42501';
  end if;
  if as_of is null or as_of > now() + interval '1 minute' then
    raise exception 'Commissions cannot be released ahead of time: the date must not be in the future'
      using errcode = '22023';
  end if;
  update public.commissions c set status = 'approved', approved_at = as_of
  from public.orders o
  where o.id = c.order_id and c.status = 'pending' and c.available_at <= as_of
    and o.status in ('paid', 'partially_refunded');
  get diagnostics released = row_count;
  return released;
end;
$$;
