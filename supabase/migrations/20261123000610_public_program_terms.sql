-- The terms of the programs that are open to affiliates, for the public one-sheets and the
-- presentation. Anonymous visitors cannot read affiliate_programs itself; this function returns
-- only the marketing-relevant columns of active programs of approved merchants.
create or replace function public.public_program_terms(max_rows integer default 12)
returns table (
  program_id uuid,
  program_name text,
  merchant_name text,
  commission_type text,
  commission_rate_bps integer,
  commission_flat_cents integer,
  currency text,
  cookie_window_days integer,
  holding_days integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.name, m.company_name, p.commission_type, p.commission_rate_bps,
         p.commission_flat_cents, p.currency, p.cookie_window_days, p.holding_days
  from public.affiliate_programs p
  join public.merchant_profiles m on m.id = p.merchant_id
  where p.status = 'active' and m.approval_status = 'approved'
  order by case when p.commission_type = 'percent' then p.commission_rate_bps
                else p.commission_flat_cents / 10 end desc nulls last,
           p.name, p.id
  limit greatest(least(coalesce(max_rows, 12), 50), 1)
$$;

comment on function public.public_program_terms(integer) is
  'Terms of active programs of approved merchants (name, merchant, commission, cookie window, holding days), readable by anon.';

revoke execute on function public.public_program_terms(integer) from public;
grant execute on function public.public_program_terms(integer) to anon, authenticated;
