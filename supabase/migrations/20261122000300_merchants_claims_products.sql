-- Merchants, their sustainability claims and their product catalogue.
--
-- A merchant profile belongs to one merchant user (same id as the profile). Approval of merchants,
-- claims and products is an admin decision: owners edit the content, a trigger keeps the review
-- fields for admins.

create table public.merchant_profiles (
  id uuid primary key references public.profiles (id) on delete cascade,
  company_name text not null check (length(btrim(company_name)) between 1 and 200),
  website text check (website is null or website ~ '^https?://[^\s/$.?#][^\s]*$'),
  description text check (description is null or length(description) <= 4000),
  logo_url text check (logo_url is null or public.is_web_or_site_url(logo_url)),
  country text check (country is null or country ~ '^[A-Z]{2}$'),
  onboarding_step text not null default 'company'
    check (onboarding_step in ('company', 'sustainability', 'payouts', 'complete')),
  approval_status text not null default 'pending'
    check (approval_status in ('pending', 'approved', 'rejected', 'suspended')),
  approved_at timestamptz,
  approved_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.merchant_profiles is
  'Company details, onboarding step and admin approval of a merchant (1:1 with the merchant''s profile).';

create trigger merchant_profiles_set_updated_at
  before update on public.merchant_profiles
  for each row execute function public.set_updated_at();

create table public.sustainability_claims (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references public.merchant_profiles (id) on delete cascade,
  claim text not null check (length(btrim(claim)) between 3 and 500),
  category text not null default 'other'
    check (category in ('materials', 'carbon', 'packaging', 'labour', 'certification', 'energy', 'water', 'other')),
  evidence_url text check (evidence_url is null or public.is_web_or_site_url(evidence_url)),
  evidence_document text check (evidence_document is null or length(evidence_document) <= 1024),
  issuer text check (issuer is null or length(issuer) <= 200),
  scope text check (scope is null or length(scope) <= 1000),
  issued_on date,
  expires_on date,
  review_status text not null default 'pending'
    check (review_status in ('pending', 'approved', 'rejected', 'expired')),
  reviewed_by uuid references public.profiles (id) on delete set null,
  reviewed_at timestamptz,
  review_notes text check (review_notes is null or length(review_notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (expires_on is null or issued_on is null or expires_on >= issued_on),
  check (evidence_url is not null or evidence_document is not null)
);

comment on table public.sustainability_claims is
  'A merchant''s sustainability claim with its evidence, issuer, scope and expiry, reviewed by an admin.';

create index sustainability_claims_merchant_idx on public.sustainability_claims (merchant_id);

create trigger sustainability_claims_set_updated_at
  before update on public.sustainability_claims
  for each row execute function public.set_updated_at();

create table public.products (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references public.merchant_profiles (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  slug text not null unique check (public.is_url_slug(slug)),
  description text check (description is null or length(description) <= 8000),
  price_cents integer not null check (price_cents >= 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  images text[] not null default '{}'
    check (cardinality(images) <= 12 and array_position(images, null) is null),
  category text not null default 'other'
    check (category in ('home', 'personal-care', 'apparel', 'food', 'outdoors', 'kids', 'office', 'other')),
  status text not null default 'draft'
    check (status in ('draft', 'pending_review', 'approved', 'rejected', 'archived')),
  stock integer check (stock is null or stock >= 0),
  sustainability_attributes text[] not null default '{}'
    check (sustainability_attributes <@ array[
      'recycled', 'organic', 'fair-trade', 'plastic-free', 'carbon-neutral', 'local',
      'vegan', 'refillable', 'repairable', 'biodegradable', 'b-corp'
    ]::text[]),
  co2e_grams integer check (co2e_grams is null or co2e_grams >= 0),
  co2e_source text check (co2e_source is null or length(co2e_source) between 3 and 500),
  reviewed_by uuid references public.profiles (id) on delete set null,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (co2e_grams is null or co2e_source is not null)
);

comment on table public.products is
  'A merchant''s product: price in integer cents with currency, images, category, review status, sustainability attributes and estimated CO2e (grams) with its source.';

-- Image entries are web addresses or paths on the site (checked per element).
create or replace function public.all_web_or_site_urls(values_ text[])
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(bool_and(public.is_web_or_site_url(v)), true) from unnest(values_) as v
$$;

alter table public.products
  add constraint products_images_are_urls check (public.all_web_or_site_urls(images));

create index products_merchant_idx on public.products (merchant_id);
create index products_status_idx on public.products (status, category);

create trigger products_set_updated_at
  before update on public.products
  for each row execute function public.set_updated_at();

-- Claims may name the product they are about.
alter table public.sustainability_claims
  add column product_id uuid references public.products (id) on delete cascade;

-- Ownership helpers used by policies (they read past RLS and reveal only a boolean).
create or replace function public.is_approved_merchant(merchant uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.merchant_profiles m where m.id = merchant and m.approval_status = 'approved')
$$;

create or replace function public.is_public_product(product uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.products p
    join public.merchant_profiles m on m.id = p.merchant_id
    where p.id = product and p.status = 'approved' and m.approval_status = 'approved'
  )
$$;

-- Review fields belong to admins --------------------------------------------------------------------

create or replace function public.merchant_profiles_guard_review()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_admin() then
    if tg_op = 'INSERT' then
      new.approval_status := 'pending';
      new.approved_at := null;
      new.approved_by := null;
    elsif new.approval_status is distinct from old.approval_status
       or new.approved_at is distinct from old.approved_at
       or new.approved_by is distinct from old.approved_by then
      raise exception 'Only administrators can approve merchants' using errcode = '42501';
    end if;
    if tg_op = 'INSERT' or new.onboarding_step is distinct from old.onboarding_step then
      if new.onboarding_step = 'complete' then
        raise exception 'Finish onboarding with complete_onboarding()' using errcode = '42501';
      end if;
    end if;
  end if;
  if tg_op = 'UPDATE' and new.approval_status = 'approved' and old.approval_status is distinct from 'approved' then
    new.approved_at := coalesce(new.approved_at, now());
    new.approved_by := coalesce(new.approved_by, auth.uid());
  end if;
  return new;
end;
$$;

create trigger merchant_profiles_guard_review
  before insert or update on public.merchant_profiles
  for each row execute function public.merchant_profiles_guard_review();

create or replace function public.sustainability_claims_guard_review()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_admin() then
    if tg_op = 'INSERT' then
      new.review_status := 'pending';
      new.reviewed_by := null;
      new.reviewed_at := null;
      new.review_notes := null;
    elsif new.review_status is distinct from old.review_status
       or new.reviewed_by is distinct from old.reviewed_by
       or new.reviewed_at is distinct from old.reviewed_at
       or new.review_notes is distinct from old.review_notes then
      raise exception 'Only administrators can review sustainability claims' using errcode = '42501';
    elsif (new.claim, new.category, new.evidence_url, new.evidence_document, new.issuer, new.scope,
           new.issued_on, new.expires_on, new.product_id)
          is distinct from
          (old.claim, old.category, old.evidence_url, old.evidence_document, old.issuer, old.scope,
           old.issued_on, old.expires_on, old.product_id) then
      -- A changed claim needs a fresh review.
      new.review_status := 'pending';
      new.reviewed_by := null;
      new.reviewed_at := null;
    end if;
  elsif tg_op = 'UPDATE' and new.review_status is distinct from old.review_status then
    new.reviewed_at := now();
    new.reviewed_by := coalesce(auth.uid(), new.reviewed_by);
  end if;
  return new;
end;
$$;

create trigger sustainability_claims_guard_review
  before insert or update on public.sustainability_claims
  for each row execute function public.sustainability_claims_guard_review();

create or replace function public.products_guard_review()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_admin() then
    if new.status in ('approved', 'rejected')
       and (tg_op = 'INSERT' or new.status is distinct from old.status) then
      raise exception 'Only administrators can approve or reject products' using errcode = '42501';
    end if;
    if tg_op = 'UPDATE' and (new.reviewed_by, new.reviewed_at) is distinct from (old.reviewed_by, old.reviewed_at) then
      raise exception 'Only administrators can approve or reject products' using errcode = '42501';
    end if;
    if tg_op = 'INSERT' then
      new.reviewed_by := null;
      new.reviewed_at := null;
    end if;
  elsif tg_op = 'UPDATE' and new.status is distinct from old.status and new.status in ('approved', 'rejected') then
    new.reviewed_at := now();
    new.reviewed_by := coalesce(auth.uid(), new.reviewed_by);
  end if;
  return new;
end;
$$;

create trigger products_guard_review
  before insert or update on public.products
  for each row execute function public.products_guard_review();

-- Onboarding completion --------------------------------------------------------------------------

-- Marks the caller's onboarding as done once what it needs is in place: for a merchant, company
-- details with a website and at least one sustainability claim with evidence.
create or replace function public.complete_onboarding()
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.profiles;
  company public.merchant_profiles;
begin
  select * into me from public.profiles where id = auth.uid() for update;
  if me.id is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if me.role = 'merchant' then
    select * into company from public.merchant_profiles where id = me.id;
    if company.id is null or company.website is null then
      raise exception 'Add your company name and website before finishing onboarding' using errcode = '23514';
    end if;
    if not exists (select 1 from public.sustainability_claims c where c.merchant_id = me.id) then
      raise exception 'Add at least one sustainability claim with evidence before finishing onboarding'
        using errcode = '23514';
    end if;
    update public.merchant_profiles set onboarding_step = 'complete' where id = me.id;
  end if;
  update public.profiles set has_completed_onboarding = true where id = me.id returning * into me;
  return me;
end;
$$;

revoke execute on function public.complete_onboarding() from public, anon;
grant execute on function public.complete_onboarding() to authenticated;

-- Row-level security -----------------------------------------------------------------------------

alter table public.merchant_profiles enable row level security;
alter table public.sustainability_claims enable row level security;
alter table public.products enable row level security;

-- merchant_profiles: everyone sees approved merchants; a merchant sees and edits its own; admins all.
create policy merchant_profiles_select_public on public.merchant_profiles
  for select to anon, authenticated using (approval_status = 'approved');
create policy merchant_profiles_select_own on public.merchant_profiles
  for select to authenticated using (id = (select auth.uid()));
create policy merchant_profiles_select_admin on public.merchant_profiles
  for select to authenticated using ((select public.is_admin()));
create policy merchant_profiles_insert_own on public.merchant_profiles
  for insert to authenticated
  with check (id = (select auth.uid()) and (select public.current_user_role()) = 'merchant');
create policy merchant_profiles_update_own on public.merchant_profiles
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));
create policy merchant_profiles_update_admin on public.merchant_profiles
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy merchant_profiles_delete_admin on public.merchant_profiles
  for delete to authenticated using ((select public.is_admin()));

-- sustainability_claims: approved claims of approved merchants are public; owners manage theirs.
create policy sustainability_claims_select_public on public.sustainability_claims
  for select to anon, authenticated
  using (review_status = 'approved' and public.is_approved_merchant(merchant_id));
create policy sustainability_claims_select_own on public.sustainability_claims
  for select to authenticated using (merchant_id = (select auth.uid()));
create policy sustainability_claims_select_admin on public.sustainability_claims
  for select to authenticated using ((select public.is_admin()));
create policy sustainability_claims_insert_own on public.sustainability_claims
  for insert to authenticated
  with check (
    merchant_id = (select auth.uid())
    and (select public.current_user_role()) = 'merchant'
    and (product_id is null or exists (select 1 from public.products p where p.id = product_id and p.merchant_id = (select auth.uid())))
  );
create policy sustainability_claims_update_own on public.sustainability_claims
  for update to authenticated
  using (merchant_id = (select auth.uid()))
  with check (
    merchant_id = (select auth.uid())
    and (product_id is null or exists (select 1 from public.products p where p.id = product_id and p.merchant_id = (select auth.uid())))
  );
create policy sustainability_claims_update_admin on public.sustainability_claims
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy sustainability_claims_delete_own on public.sustainability_claims
  for delete to authenticated using (merchant_id = (select auth.uid()));
create policy sustainability_claims_delete_admin on public.sustainability_claims
  for delete to authenticated using ((select public.is_admin()));

-- products: approved products of approved merchants are public; merchants manage their own.
create policy products_select_public on public.products
  for select to anon, authenticated
  using (status = 'approved' and public.is_approved_merchant(merchant_id));
create policy products_select_own on public.products
  for select to authenticated using (merchant_id = (select auth.uid()));
create policy products_select_admin on public.products
  for select to authenticated using ((select public.is_admin()));
create policy products_insert_own on public.products
  for insert to authenticated
  with check (merchant_id = (select auth.uid()) and (select public.current_user_role()) = 'merchant');
create policy products_update_own on public.products
  for update to authenticated using (merchant_id = (select auth.uid())) with check (merchant_id = (select auth.uid()));
create policy products_update_admin on public.products
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy products_delete_own on public.products
  for delete to authenticated using (merchant_id = (select auth.uid()));
create policy products_delete_admin on public.products
  for delete to authenticated using ((select public.is_admin()));
