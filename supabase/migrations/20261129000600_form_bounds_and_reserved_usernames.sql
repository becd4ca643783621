-- Bounds found missing in a review of the merchant's forms and the profile form, enforced for every
-- client (the forms and the API client check the same first, with messages in words):
--   1. A flat commission is at most 10,000.00 per item sold (1,000,000 cents): 250000 was saved
--      and offered to affiliates as "$250,000.00 per sale".
--   2. A product's price is at least 0.50 (50 cents): card checkout through Stripe cannot charge
--      less, and a free product could be submitted for approval.
--   3. Reserved usernames (admin, support, verdant…, the app's page names) are refused for new
--      values: a user took `admin` and /@admin showed them. The list is RESERVED_USERNAMES of
--      @verdant/validation (packages/validation/src/usernames.ts); keep the two the same.
--
-- The CHECK constraints are added NOT VALID and then validated, so the check of existing rows
-- (none of the seed's breaks them) takes no lock that blocks writes while it runs.

-- 1. Flat commissions: at most 10,000.00 per item sold ----------------------------------------

alter table public.affiliate_programs
  add constraint affiliate_programs_commission_flat_cents_max
  check (commission_flat_cents <= 1000000) not valid;

alter table public.affiliate_programs
  validate constraint affiliate_programs_commission_flat_cents_max;

comment on constraint affiliate_programs_commission_flat_cents_max on public.affiliate_programs is
  'A flat commission is at most 10,000.00 per item sold (PROGRAM_MAX_FLAT_CENTS of @verdant/validation).';

-- 2. Prices: at least 0.50 ---------------------------------------------------------------------

alter table public.products
  add constraint products_price_cents_min
  check (price_cents >= 50) not valid;

alter table public.products
  validate constraint products_price_cents_min;

comment on constraint products_price_cents_min on public.products is
  'A price is at least 0.50, the least a card payment through Stripe may charge (PRODUCT_MIN_PRICE_CENTS of @verdant/validation).';

-- 3. Reserved usernames ------------------------------------------------------------------------

create function public.reserved_usernames()
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array[
    -- The platform, its staff and its infrastructure.
    'admin', 'administrator', 'root', 'verdant', 'support', 'help', 'staff', 'moderator', 'mod',
    'security', 'billing', 'payments', 'api', 'www', 'mail', 'official', 'team', 'system', 'null',
    'undefined',
    -- The first path segments of the app's pages and of the files it serves.
    'about', 'add-product', 'affiliate-hub', 'affiliate-links', 'affiliate-programs', 'assets',
    'auth', 'careers', 'cart', 'community', 'contact', 'cookies', 'course-splash', 'dashboard',
    'dashboard-affiliate', 'dashboard-vendor', 'demo', 'demo-dashboard', 'design-system',
    'education', 'faq-crawlers', 'go', 'images', 'login', 'my-links', 'payment-canceled',
    'payment-success', 'pricing', 'privacy', 'products', 'profile', 'recruit', 'reset-password',
    'revenue-transparency', 's', 'shop', 'signup', 'storefronts', 'technical-wiki', 'terms',
    'vendor', 'vendor-affiliates', 'vendor-messages', 'vendor-onboarding', 'vendor-recruitment'
  ]::text[]
$$;

comment on function public.reserved_usernames() is
  'The usernames nobody may take (besides any starting with "verdant"): RESERVED_USERNAMES of @verdant/validation.';

create function public.is_reserved_username(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select lower(btrim(value)) = any (public.reserved_usernames())
      or lower(btrim(value)) like 'verdant%'
$$;

comment on function public.is_reserved_username(text) is
  'Whether a username is kept back from users: one of reserved_usernames() or starting with "verdant" (isReservedUsername of @verdant/validation).';

-- New and changed usernames only: a name taken before this migration stays usable (its owner should
-- be asked to change it), and updates of other columns never trip on it.
create function public.profiles_refuse_reserved_username()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.username is not distinct from old.username then
    return new;
  end if;
  if public.is_reserved_username(new.username) then
    raise exception 'That username is reserved. Choose another.'
      using errcode = '23514',
            constraint = 'profiles_username_not_reserved',
            hint = 'Reserved: admin, support, verdant and names starting with it, the app''s page names (public.reserved_usernames()).';
  end if;
  return new;
end;
$$;

create trigger profiles_refuse_reserved_username
  before insert or update of username on public.profiles
  for each row execute function public.profiles_refuse_reserved_username();

-- Sign-up makes a username from the requested one, the email's local part or the name: a reserved
-- result becomes "member-…" instead (admin@example.com signs up as member-admin), so a sign-up
-- never fails on, nor gets, a reserved name.
create or replace function public.username_base(source text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when public.is_reserved_username(base) then btrim(left('member-' || base, 24), '-')
              else base end
  from (
    select case
      when length(b) >= 3 then b
      when length(b) > 0 then b || '-user'
      else 'user'
    end as base
    from (
      select btrim(left(btrim(regexp_replace(lower(coalesce(source, '')), '[^a-z0-9]+', '-', 'g'), '-'), 24), '-') as b
    ) s
  ) t
$$;
