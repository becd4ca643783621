-- One read per public creator page. /@{username} and /s/{slug} show a page, its items, the owner's
-- public name and (for a storefront) its products with their merchant's verified claims. Read
-- separately that is three or four requests, two of them after the first has answered; these
-- functions answer everything the page draws in one. The page-meta function uses the same read, so
-- the web server (and the production rewrite) can send a public page's data with its HTML.
--
-- SECURITY INVOKER: row-level security decides, as it did for the separate reads. A visitor gets
-- published pages only; an owner also gets their own draft (its public items stay empty until it is
-- published, as public_link_page_items and public_storefront_items answer).

-- The link page of a username: { page, items, profile }, or null when the reader may not see one.
create or replace function public.public_link_page(page_username text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'page', to_jsonb(pg),
    'items', coalesce(
      (select jsonb_agg(to_jsonb(i) order by i.item_position)
       from public.public_link_page_items(page_username) i),
      '[]'::jsonb),
    'profile', jsonb_build_object(
      'id', p.id, 'name', p.name, 'username', p.username,
      'profile_image', p.profile_image, 'bio', p.bio))
  from public.public_profiles p
  join public.link_pages pg on pg.owner_id = p.id
  where p.username = page_username
$$;

comment on function public.public_link_page(text) is
  'A user''s link page as /@{username} draws it: the page, its public items and the owner''s public profile; null when the reader may not see it (RLS).';

revoke execute on function public.public_link_page(text) from public;
grant execute on function public.public_link_page(text) to anon, authenticated;

-- A storefront by slug: { storefront, items, products, owner }, or null when the reader may not see
-- it. Products come in the order of their first item, each with its merchant's name and that
-- merchant's approved, unexpired claims; products the reader may not see are left out.
create or replace function public.public_storefront(storefront_slug text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'storefront', to_jsonb(s),
    'items', coalesce(
      (select jsonb_agg(to_jsonb(i) order by i.item_position)
       from public.public_storefront_items(s.slug) i),
      '[]'::jsonb),
    'products', coalesce(
      (select jsonb_agg(
          jsonb_build_object(
            'id', pr.id, 'slug', pr.slug, 'name', pr.name,
            'price_cents', pr.price_cents, 'currency', pr.currency, 'images', pr.images,
            'sustainability_attributes', pr.sustainability_attributes,
            'co2e_grams', pr.co2e_grams, 'co2e_source', pr.co2e_source,
            'merchant', case when m.id is not null
                          then jsonb_build_object('company_name', m.company_name) end,
            'claims', coalesce(
              (select jsonb_agg(
                  jsonb_build_object(
                    'id', c.id, 'claim', c.claim, 'issuer', c.issuer,
                    'expires_on', c.expires_on, 'evidence_url', c.evidence_url)
                  order by c.created_at, c.id)
               from public.sustainability_claims c
               where c.merchant_id = m.id
                 and c.review_status = 'approved'
                 and (c.expires_on is null or c.expires_on >= current_date)),
              '[]'::jsonb))
          order by first.item_position, first.product_id)
       from (
         select si.product_id, min(si.position) as item_position
         from public.storefront_items si
         where si.storefront_id = s.id
         group by si.product_id
       ) first
       join public.products pr on pr.id = first.product_id
       left join public.merchant_profiles m on m.id = pr.merchant_id),
      '[]'::jsonb),
    'owner', (
      select jsonb_build_object('id', o.id, 'name', o.name, 'username', o.username)
      from public.public_profiles o
      where o.id = s.owner_id))
  from public.storefronts s
  where s.slug = storefront_slug
$$;

comment on function public.public_storefront(text) is
  'A storefront as /s/{slug} draws it: the storefront, its public items, its products with their merchant''s verified claims, and the owner''s public name; null when the reader may not see it (RLS).';

revoke execute on function public.public_storefront(text) from public;
grant execute on function public.public_storefront(text) to anon, authenticated;
