-- Creator surfaces: the link-in-bio page (/@{username}) and storefronts (/s/{slug}).

create table public.link_pages (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null unique references public.profiles (id) on delete cascade,
  title text not null check (length(btrim(title)) between 1 and 120),
  bio text check (bio is null or length(bio) <= 1000),
  avatar_url text check (avatar_url is null or public.is_web_or_site_url(avatar_url)),
  theme text not null default 'forest' check (theme in ('forest', 'ocean', 'earth', 'night')),
  is_published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.link_pages is 'A user''s link-in-bio page, shown at /@{username} when published.';

create trigger link_pages_set_updated_at
  before update on public.link_pages
  for each row execute function public.set_updated_at();

create table public.link_page_items (
  id uuid primary key default gen_random_uuid(),
  page_id uuid not null references public.link_pages (id) on delete cascade,
  kind text not null check (kind in ('link', 'affiliate_link', 'product', 'header')),
  label text check (label is null or length(label) between 1 and 200),
  url text check (url is null or public.is_web_or_site_url(url)),
  affiliate_link_id uuid references public.affiliate_links (id) on delete cascade,
  product_id uuid references public.products (id) on delete cascade,
  position integer not null default 0 check (position >= 0),
  is_visible boolean not null default true,
  created_at timestamptz not null default now(),
  check (
    (kind = 'link' and url is not null and label is not null)
    or (kind = 'affiliate_link' and affiliate_link_id is not null)
    or (kind = 'product' and product_id is not null)
    or (kind = 'header' and label is not null)
  )
);

comment on table public.link_page_items is
  'An entry on a link page: a plain link, one of the owner''s affiliate links, a product or a header.';

create index link_page_items_page_idx on public.link_page_items (page_id, position);

create table public.storefronts (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references public.profiles (id) on delete cascade,
  slug text not null unique check (public.is_url_slug(slug)),
  title text not null check (length(btrim(title)) between 1 and 120),
  description text check (description is null or length(description) <= 2000),
  banner_url text check (banner_url is null or public.is_web_or_site_url(banner_url)),
  theme text not null default 'forest' check (theme in ('forest', 'ocean', 'earth', 'night')),
  is_published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.storefronts is 'A curated shop of products at /s/{slug}, public when published.';

create index storefronts_owner_idx on public.storefronts (owner_id);

create trigger storefronts_set_updated_at
  before update on public.storefronts
  for each row execute function public.set_updated_at();

create table public.storefront_items (
  id uuid primary key default gen_random_uuid(),
  storefront_id uuid not null references public.storefronts (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  affiliate_link_id uuid references public.affiliate_links (id) on delete set null,
  note text check (note is null or length(note) <= 500),
  position integer not null default 0 check (position >= 0),
  created_at timestamptz not null default now(),
  unique (storefront_id, product_id)
);

comment on table public.storefront_items is
  'A product in a storefront with the owner''s note and the affiliate link a purchase is attributed to.';

create index storefront_items_storefront_idx on public.storefront_items (storefront_id, position);

create or replace function public.owns_link_page(page uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.link_pages p where p.id = page and p.owner_id = auth.uid())
$$;

create or replace function public.is_published_link_page(page uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.link_pages p where p.id = page and p.is_published)
$$;

create or replace function public.owns_storefront(storefront uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.storefronts s where s.id = storefront and s.owner_id = auth.uid())
$$;

create or replace function public.is_published_storefront(storefront uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.storefronts s where s.id = storefront and s.is_published)
$$;

-- Row-level security -----------------------------------------------------------------------------

alter table public.link_pages enable row level security;
alter table public.link_page_items enable row level security;
alter table public.storefronts enable row level security;
alter table public.storefront_items enable row level security;

-- link_pages: public when published; the owner manages its page (demo accounts only look); admins all.
create policy link_pages_select_public on public.link_pages
  for select to anon, authenticated using (is_published);
create policy link_pages_select_own on public.link_pages
  for select to authenticated using (owner_id = (select auth.uid()));
create policy link_pages_select_admin on public.link_pages
  for select to authenticated using ((select public.is_admin()));
create policy link_pages_insert_own on public.link_pages
  for insert to authenticated
  with check (owner_id = (select auth.uid()) and (select public.current_user_role()) in ('affiliate', 'merchant', 'admin'));
create policy link_pages_update_own on public.link_pages
  for update to authenticated using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy link_pages_update_admin on public.link_pages
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy link_pages_delete_own on public.link_pages
  for delete to authenticated using (owner_id = (select auth.uid()));
create policy link_pages_delete_admin on public.link_pages
  for delete to authenticated using ((select public.is_admin()));

-- link_page_items: visible items of published pages are public; the page owner manages items,
-- using only its own affiliate links.
create policy link_page_items_select_public on public.link_page_items
  for select to anon, authenticated using (is_visible and public.is_published_link_page(page_id));
create policy link_page_items_select_own on public.link_page_items
  for select to authenticated using (public.owns_link_page(page_id));
create policy link_page_items_select_admin on public.link_page_items
  for select to authenticated using ((select public.is_admin()));
create policy link_page_items_insert_own on public.link_page_items
  for insert to authenticated
  with check (
    public.owns_link_page(page_id)
    and (affiliate_link_id is null or public.owns_link(affiliate_link_id))
    and (product_id is null or public.is_public_product(product_id))
  );
create policy link_page_items_update_own on public.link_page_items
  for update to authenticated
  using (public.owns_link_page(page_id))
  with check (
    public.owns_link_page(page_id)
    and (affiliate_link_id is null or public.owns_link(affiliate_link_id))
    and (product_id is null or public.is_public_product(product_id))
  );
create policy link_page_items_update_admin on public.link_page_items
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy link_page_items_delete_own on public.link_page_items
  for delete to authenticated using (public.owns_link_page(page_id));
create policy link_page_items_delete_admin on public.link_page_items
  for delete to authenticated using ((select public.is_admin()));

-- storefronts: public when published; the owner manages its storefronts; admins all.
create policy storefronts_select_public on public.storefronts
  for select to anon, authenticated using (is_published);
create policy storefronts_select_own on public.storefronts
  for select to authenticated using (owner_id = (select auth.uid()));
create policy storefronts_select_admin on public.storefronts
  for select to authenticated using ((select public.is_admin()));
create policy storefronts_insert_own on public.storefronts
  for insert to authenticated
  with check (owner_id = (select auth.uid()) and (select public.current_user_role()) in ('affiliate', 'merchant', 'admin'));
create policy storefronts_update_own on public.storefronts
  for update to authenticated using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy storefronts_update_admin on public.storefronts
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy storefronts_delete_own on public.storefronts
  for delete to authenticated using (owner_id = (select auth.uid()));
create policy storefronts_delete_admin on public.storefronts
  for delete to authenticated using ((select public.is_admin()));

-- storefront_items: items of published storefronts are public (approved products only); the owner
-- manages items with approved products and its own links.
create policy storefront_items_select_public on public.storefront_items
  for select to anon, authenticated
  using (public.is_published_storefront(storefront_id) and public.is_public_product(product_id));
create policy storefront_items_select_own on public.storefront_items
  for select to authenticated using (public.owns_storefront(storefront_id));
create policy storefront_items_select_admin on public.storefront_items
  for select to authenticated using ((select public.is_admin()));
create policy storefront_items_insert_own on public.storefront_items
  for insert to authenticated
  with check (
    public.owns_storefront(storefront_id)
    and public.is_public_product(product_id)
    and (affiliate_link_id is null or public.owns_link(affiliate_link_id))
  );
create policy storefront_items_update_own on public.storefront_items
  for update to authenticated
  using (public.owns_storefront(storefront_id))
  with check (
    public.owns_storefront(storefront_id)
    and public.is_public_product(product_id)
    and (affiliate_link_id is null or public.owns_link(affiliate_link_id))
  );
create policy storefront_items_update_admin on public.storefront_items
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy storefront_items_delete_own on public.storefront_items
  for delete to authenticated using (public.owns_storefront(storefront_id));
create policy storefront_items_delete_admin on public.storefront_items
  for delete to authenticated using ((select public.is_admin()));
