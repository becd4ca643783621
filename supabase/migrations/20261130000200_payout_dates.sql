-- The dates of a payout run, found unbounded by a probe of the stack:
--   * run-payouts took any past `asOf` and really paid, backdated: a run "as of 0001-01-01" marked
--     six payouts and their commissions paid in the year 1, and "+275760-09-13" failed with 500;
--   * mark_payout_paid stored any date, '-infinity' included.
-- Now:
--   * release_due_commissions and run_payouts take a date from 366 days ago up to now (a minute
--     ahead is allowed for the caller's clock), and refuse any other with 22023 (400). A run may
--     look back (what was due on a day whose run was missed), never ahead.
--   * What a run pays is paid when the run happens: the payouts and their commissions are marked
--     paid at the later of `as_of` and the moment of the run, so no payment is dated before the
--     payout that holds it was made. `as_of` still decides which commissions are due and the end
--     of the payout's period.
--   * mark_payout_paid refuses a date that is not finite, is in the future or is earlier than the
--     payout was made, with 22023 (400), and leaves the payout as it was.
--   * An unknown payout is refused with SQLSTATE PT404, which PostgREST answers with HTTP 404;
--     P0002 ("no data found") was answered with 500. change_user_role does the same for an
--     unknown profile. The API client reads either as not_found.

-- As in 20261123001100_release_not_ahead_of_time.sql, with the earliest date.
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
  if as_of < now() - interval '366 days' then
    raise exception 'The date may be at most 366 days in the past' using errcode = '22023';
  end if;
  update public.commissions c set status = 'approved', approved_at = as_of
  from public.orders o
  where o.id = c.order_id and c.status = 'pending' and c.available_at <= as_of
    and o.status in ('paid', 'partially_refunded');
  get diagnostics released = row_count;
  return released;
end;
$$;

revoke execute on function public.release_due_commissions(timestamptz) from public, anon;
grant execute on function public.release_due_commissions(timestamptz) to authenticated, service_role;

-- As in 20261122001000_money_flows.sql, with the date checked and PT404 for an unknown payout.
create or replace function public.mark_payout_paid(payout uuid, transfer_id text, paid_at timestamptz default now())
returns public.payouts
language plpgsql
security definer
set search_path = ''
as $$
declare
  p public.payouts;
begin
  if not public.is_service_or_admin() then
    raise exception 'Only administrators can mark payouts paid' using errcode = '42501';
  end if;
  if paid_at is null or not isfinite(paid_at) then
    raise exception 'The payment date must be a real date and time' using errcode = '22023';
  end if;
  if paid_at > now() + interval '1 minute' then
    raise exception 'A payout cannot be marked paid in the future' using errcode = '22023';
  end if;
  select * into p from public.payouts where id = payout for update;
  if p.id is null then
    raise exception 'Payout not found' using errcode = 'PT404';
  end if;
  if paid_at < p.created_at then
    raise exception 'A payout cannot be marked paid before it was made (%)', p.created_at
      using errcode = '22023';
  end if;
  if p.status = 'paid' then
    return p;
  end if;
  update public.payouts set status = 'paid', paid_at = mark_payout_paid.paid_at,
                            stripe_transfer_id = coalesce(transfer_id, stripe_transfer_id)
  where id = p.id returning * into p;
  update public.commissions set status = 'paid', paid_at = mark_payout_paid.paid_at
  where payout_id = p.id and status = 'approved';
  return p;
end;
$$;

revoke execute on function public.mark_payout_paid(uuid, text, timestamptz) from public, anon;
grant execute on function public.mark_payout_paid(uuid, text, timestamptz) to authenticated, service_role;

-- As in 20261123000210_run_payouts.sql, with the date bounded and the payment dated when it happens.
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
  if as_of > now() + interval '1 minute' or as_of < now() - interval '366 days' then
    raise exception 'The date of a payout run must be within the last 366 days, not in the future'
      using errcode = '22023';
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
      -- Paid now (or at as_of, up to a minute ahead): never before the payout was made.
      p := public.mark_payout_paid(p.id, null, greatest(as_of, now()));
      return next p;
    end if;
  end loop;
end;
$$;

revoke execute on function public.run_payouts(timestamptz, integer, text) from public, anon;
grant execute on function public.run_payouts(timestamptz, integer, text) to authenticated, service_role;

-- As in 20261127000300_service_or_admin_never_null.sql (with the aal check of 20261123000110),
-- with PT404 for an unknown profile.
create or replace function public.change_user_role(target_id uuid, new_role text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
  actor_is_admin boolean;
  target_role text;
begin
  if not public.has_required_aal() then
    raise exception 'Multi-factor authentication required (aal2)' using errcode = '42501';
  end if;
  if new_role is null or new_role not in ('admin', 'affiliate', 'merchant', 'demo') then
    raise exception 'Invalid role specified' using errcode = '22023';
  end if;

  actor_is_admin := public.is_service_or_admin();

  -- Lock the admin rows so that two concurrent demotions cannot remove the last admin.
  perform 1 from public.profiles p where p.role = 'admin' for update;
  select p.role into target_role from public.profiles p where p.id = change_user_role.target_id for update;
  if target_role is null then
    raise exception 'Profile not found' using errcode = 'PT404';
  end if;

  if (new_role = 'admin' or target_role = 'admin') and not actor_is_admin then
    raise exception 'Only administrators can grant admin privileges' using errcode = '42501';
  end if;
  if not actor_is_admin then
    raise exception 'Only administrators can change roles' using errcode = '42501';
  end if;
  if target_role = 'admin' and new_role <> 'admin' then
    if change_user_role.target_id = actor then
      raise exception 'Administrators cannot demote themselves' using errcode = '42501';
    end if;
    if public.count_admins_excluding(change_user_role.target_id) = 0 then
      raise exception 'Cannot remove the last administrator' using errcode = '42501';
    end if;
  end if;

  if target_role = new_role then
    return;
  end if;

  update public.profiles p set role = new_role where p.id = change_user_role.target_id;
  insert into public.role_change_audit (actor_id, target_id, old_role, new_role)
  values (actor, change_user_role.target_id, target_role, new_role);
end;
$$;

revoke execute on function public.change_user_role(uuid, text) from public, anon;
grant execute on function public.change_user_role(uuid, text) to authenticated, service_role;
