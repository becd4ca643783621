-- The public aggregate reads refuse arguments out of range, as affiliate_dashboard does.
--
-- revenue_transparency(months) and public_program_terms(max_rows) quietly clamped what they were
-- given: months -1, 0 or null answered 12 months or one, max_rows -1 or 0 answered one row, and a
-- caller could not tell that its argument had been changed. Now an argument out of range (or
-- null) is refused with 22023, which PostgREST answers with 400, naming the range:
--   * revenue_transparency: months from 1 to 120 (the API client checks the same range);
--   * public_program_terms: max_rows from 1 to 50 (the API client checks the same range).
-- Every caller in the apps, the API client and the benches passes a value in range or the default.
-- The bodies are otherwise as 20261126000400_policy_helpers_plpgsql.sql left them.

create or replace function public.revenue_transparency(months integer default 12)
returns table (
  month date,
  currency text,
  orders integer,
  gross_cents bigint,
  merchant_cents bigint,
  affiliate_cents bigint,
  platform_fee_cents bigint,
  payment_fee_cents bigint,
  refunded_cents bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if months is null or months < 1 or months > 120 then
    raise exception 'months must be a whole number from 1 to 120' using errcode = '22023';
  end if;
  return query select date_trunc('month', o.paid_at at time zone 'UTC')::date,
         o.currency,
         count(*)::integer,
         sum(o.total_cents)::bigint,
         sum(o.merchant_amount_cents)::bigint,
         sum(o.affiliate_amount_cents)::bigint,
         sum(o.platform_fee_cents)::bigint,
         sum(o.payment_fee_cents)::bigint,
         sum(o.refunded_cents)::bigint
  from public.orders o
  where o.status in ('paid', 'partially_refunded', 'refunded')
    and o.paid_at >= date_trunc('month', now() at time zone 'UTC')
                     - make_interval(months => revenue_transparency.months - 1)
  group by 1, 2
  having count(*) >= 3
  order by 1, 2;
end
$$;

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
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if max_rows is null or max_rows < 1 or max_rows > 50 then
    raise exception 'max_rows must be a whole number from 1 to 50' using errcode = '22023';
  end if;
  return query select p.id, p.name, m.company_name, p.commission_type, p.commission_rate_bps,
         p.commission_flat_cents, p.currency, p.cookie_window_days, p.holding_days
  from public.affiliate_programs p
  join public.merchant_profiles m on m.id = p.merchant_id
  where p.status = 'active' and m.approval_status = 'approved'
  order by case when p.commission_type = 'percent' then p.commission_rate_bps
                else p.commission_flat_cents / 10 end desc nulls last,
           p.name, p.id
  limit public_program_terms.max_rows;
end
$$;
