-- Public creator surfaces link through the tracker. Visitors cannot read affiliate_links (their
-- destinations and owners are private), so /@{username} and /s/{slug} read their items through
-- these functions, which return only what a visitor needs: the public `code` of an ACTIVE link
-- (the visitor then follows /go/{code}), never a link's destination, clicks or the owner's private
-- profile fields.
--
-- Disabled (or expired) links: an 'affiliate_link' item whose link is disabled (or no longer the page owner's)
-- is left out of the page; a product item or storefront item is still shown, without a code, and
-- the page links to the shop instead.

-- The owner's active link code for a product: the newest active link of that owner for it.
create or replace function public.active_link_code_for_product(owner uuid, product uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select l.code from public.affiliate_links l
  where l.affiliate_id = owner and l.product_id = product and l.is_active and (l.expires_at is null or l.expires_at > now())
  order by l.created_at desc, l.id
  limit 1
$$;

revoke execute on function public.active_link_code_for_product(uuid, uuid) from public, anon, authenticated;

-- The visible items of a published link page, in order.
create or replace function public.public_link_page_items(page_username text)
returns table (
  id uuid,
  kind text,
  label text,
  url text,
  link_code text,
  link_title text,
  product_slug text,
  product_name text,
  item_position integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.kind, i.label,
         case when i.kind = 'link' then i.url end,
         case when i.kind = 'affiliate_link' then l.code
              when i.kind = 'product' then public.active_link_code_for_product(pg.owner_id, i.product_id)
         end,
         case when i.kind = 'affiliate_link' then l.title end,
         case when i.kind = 'product' then pr.slug end,
         case when i.kind = 'product' then pr.name end,
         i.position
  from public.profiles owner_profile
  join public.link_pages pg on pg.owner_id = owner_profile.id and pg.is_published
  join public.link_page_items i on i.page_id = pg.id and i.is_visible
  left join public.affiliate_links l
    on l.id = i.affiliate_link_id and l.is_active and (l.expires_at is null or l.expires_at > now()) and l.affiliate_id = pg.owner_id
  left join public.products pr on pr.id = i.product_id and public.is_public_product(pr.id)
  where owner_profile.username = page_username
    and (i.kind <> 'affiliate_link' or l.id is not null)
    and (i.kind <> 'product' or pr.id is not null)
  order by i.position, i.created_at, i.id
$$;

comment on function public.public_link_page_items(text) is
  'Visible items of the published link page of a username, with the public code of active affiliate links only; readable by anon.';

revoke execute on function public.public_link_page_items(text) from public;
grant execute on function public.public_link_page_items(text) to anon, authenticated;

-- The items of a published storefront, in order, each with the owner's active link code for it.
create or replace function public.public_storefront_items(storefront_slug text)
returns table (
  id uuid,
  product_id uuid,
  note text,
  link_code text,
  item_position integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.product_id, i.note,
         coalesce(l.code, public.active_link_code_for_product(s.owner_id, i.product_id)),
         i.position
  from public.storefronts s
  join public.storefront_items i on i.storefront_id = s.id
  left join public.affiliate_links l
    on l.id = i.affiliate_link_id and l.is_active and (l.expires_at is null or l.expires_at > now()) and l.affiliate_id = s.owner_id
  where s.slug = storefront_slug
    and s.is_published
    and public.is_public_product(i.product_id)
  order by i.position, i.created_at, i.id
$$;

comment on function public.public_storefront_items(text) is
  'Items of a published storefront (approved products only) with the owner''s active link code per product; readable by anon.';

revoke execute on function public.public_storefront_items(text) from public;
grant execute on function public.public_storefront_items(text) to anon, authenticated;
