-- The plan limits that /pricing promises, enforced for every client by one mechanism:
--
--   resource (table)     included                 unlimited with             words on /pricing
--   storefronts          1                        Affiliate Pro ('pro')      "Unlimited storefronts"
--   affiliate_links      10                       Affiliate Pro ('pro')      "Up to 10 tracked links"
--   affiliate_programs   1                        Merchant Growth ('business') "One affiliate program"
--   products             25                       Merchant Growth ('business') "Up to 25 products"
--
-- A limit is lifted while the user has a subscription of the unlocking tier that is active or
-- trialing and whose period has not ended. Administrators are not limited. Merchants without a
-- subscription have the Merchant Starter limits (one program, up to 25 products), as /pricing says.
--
-- public.plan_limit_for(owner, resource) answers how many rows of a resource the owner may hold
-- (null: unlimited); public.enforce_plan_limit() is the one trigger function every limited table
-- uses. Only creations are counted against the limit: a new row, or a row moved to another owner.
-- Rows that already exist beyond a limit (made before it, or while a subscription was active) are
-- kept and keep working; editing, disabling or re-enabling them is not a creation. The refusal is
-- SQLSTATE 42501, which PostgREST answers with 403, and nothing is written.
--
-- The storefront gate of 20261123000900 moves onto the same mechanism with the same message.

create or replace function public.plan_limit_for(owner uuid, resource text)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  included integer;
  unlocking_tier text;
begin
  case resource
    when 'storefronts' then included := 1; unlocking_tier := 'pro';
    when 'affiliate_links' then included := 10; unlocking_tier := 'pro';
    when 'affiliate_programs' then included := 1; unlocking_tier := 'business';
    when 'products' then included := 25; unlocking_tier := 'business';
    else
      raise exception 'Unknown plan resource: %', resource using errcode = '22023';
  end case;
  if exists (select 1 from public.profiles p where p.id = owner and p.role = 'admin') then
    return null;
  end if;
  if exists (
    select 1 from public.subscriptions s
    where s.user_id = owner
      and s.tier = unlocking_tier
      and s.status in ('active', 'trialing')
      and (s.current_period_end is null or s.current_period_end > now())
  ) then
    return null;
  end if;
  return included;
end;
$$;

comment on function public.plan_limit_for(uuid, text) is
  'How many rows of a plan-limited resource (storefronts, affiliate_links, affiliate_programs, products) a user may own: the included number, or null (unlimited) with an active subscription of the unlocking tier (Affiliate Pro for storefronts and links, Merchant Growth for programs and products) or for administrators.';

-- Subscriptions are private: only the triggers ask.
revoke execute on function public.plan_limit_for(uuid, text) from public, anon, authenticated;

-- The storefront limit keeps its name for existing callers and reads the same table of limits.
create or replace function public.storefront_limit_for(owner uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select public.plan_limit_for(owner, 'storefronts');
$$;

revoke execute on function public.storefront_limit_for(uuid) from public, anon, authenticated;

-- Refuses a new row (or a row moved to another owner) beyond the owner's plan limit. The table is
-- the resource; tg_argv[0] names its owner column.
create or replace function public.enforce_plan_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_column text := tg_argv[0];
  owner uuid := (to_jsonb(new) ->> owner_column)::uuid;
  already_there boolean;
  limit_count integer;
  owned integer;
begin
  if tg_op = 'UPDATE' and owner is not distinct from (to_jsonb(old) ->> owner_column)::uuid then
    return new;
  end if;
  if tg_op = 'INSERT' then
    -- An insert that meets an existing row (insert ... on conflict) creates nothing.
    execute format('select exists (select 1 from public.%I t where t.id = $1)', tg_table_name)
      into already_there using new.id;
    if already_there then
      return new;
    end if;
  end if;
  if owner is null then
    return new;
  end if;
  -- A client writing a row for somebody else is refused by row-level security (only administrators
  -- may do that); the plan check stays out of it so that it reveals nothing of another user's plan.
  if auth.uid() is not null and owner is distinct from auth.uid() and not public.is_admin() then
    return new;
  end if;
  -- One creation per owner at a time, so two parallel inserts cannot both pass the count.
  perform 1 from public.profiles p where p.id = owner for no key update;
  limit_count := public.plan_limit_for(owner, tg_table_name);
  if limit_count is null then
    return new;
  end if;
  execute format('select count(*) from public.%I t where t.%I = $1 and t.id <> $2', tg_table_name, owner_column)
    into owned using owner, new.id;
  if owned < limit_count then
    return new;
  end if;
  case tg_table_name
    when 'storefronts' then
      raise exception 'The free plan includes one storefront. Affiliate Pro unlocks unlimited storefronts.'
        using errcode = '42501',
              hint = 'Subscribe to Affiliate Pro on /pricing, or edit your existing storefront.';
    when 'affiliate_links' then
      raise exception 'Affiliate Free includes up to % tracked links. Affiliate Pro unlocks unlimited tracked links.', limit_count
        using errcode = '42501',
              hint = 'Subscribe to Affiliate Pro on /pricing, or reuse one of your existing links: they all keep working.';
    when 'affiliate_programs' then
      raise exception 'Merchant Starter includes one affiliate program. Merchant Growth unlocks unlimited affiliate programs.'
        using errcode = '42501',
              hint = 'Merchant accounts without a subscription have the Merchant Starter limits. Subscribe to Merchant Growth on /pricing, or edit your existing program.';
    when 'products' then
      raise exception 'Merchant Starter includes up to % products. Merchant Growth unlocks unlimited products.', limit_count
        using errcode = '42501',
              hint = 'Merchant accounts without a subscription have the Merchant Starter limits. Subscribe to Merchant Growth on /pricing, or edit or delete an existing product.';
    else
      raise exception 'Your plan includes % of these.', limit_count using errcode = '42501';
  end case;
end;
$$;

comment on function public.enforce_plan_limit() is
  'Trigger: refuses a row beyond the owner''s plan limit (public.plan_limit_for) with SQLSTATE 42501 and a message naming the plan and the limit. Argument: the owner column.';

revoke execute on function public.enforce_plan_limit() from public, anon, authenticated;

drop trigger if exists storefronts_enforce_plan_limit on public.storefronts;
drop function if exists public.storefronts_enforce_plan_limit();

create trigger storefronts_enforce_plan_limit
  before insert or update of owner_id on public.storefronts
  for each row execute function public.enforce_plan_limit('owner_id');

create trigger affiliate_links_enforce_plan_limit
  before insert or update of affiliate_id on public.affiliate_links
  for each row execute function public.enforce_plan_limit('affiliate_id');

create trigger affiliate_programs_enforce_plan_limit
  before insert or update of merchant_id on public.affiliate_programs
  for each row execute function public.enforce_plan_limit('merchant_id');

create trigger products_enforce_plan_limit
  before insert or update of merchant_id on public.products
  for each row execute function public.enforce_plan_limit('merchant_id');
