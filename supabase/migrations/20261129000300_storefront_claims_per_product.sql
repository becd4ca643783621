-- /s/{slug} showed each product with every verified claim of its merchant, the claims about its
-- other products included, so a T-shirt read as verified for a claim about jackets. Each product
-- now carries the claims about it (`product_claims`) and, apart, the merchant's claims about the
-- whole company (`merchant_claims`); a claim about another product is on neither list. Everything
-- else of the function is as in 20261127000200_storefront_owner_picture.sql.

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
            'product_claims', coalesce(
              (select jsonb_agg(
                  jsonb_build_object(
                    'id', c.id, 'claim', c.claim, 'issuer', c.issuer,
                    'expires_on', c.expires_on, 'evidence_url', c.evidence_url)
                  order by c.created_at, c.id)
               from public.sustainability_claims c
               where c.merchant_id = m.id
                 and c.product_id = pr.id
                 and c.review_status = 'approved'
                 and (c.expires_on is null or c.expires_on >= current_date)),
              '[]'::jsonb),
            'merchant_claims', coalesce(
              (select jsonb_agg(
                  jsonb_build_object(
                    'id', c.id, 'claim', c.claim, 'issuer', c.issuer,
                    'expires_on', c.expires_on, 'evidence_url', c.evidence_url)
                  order by c.created_at, c.id)
               from public.sustainability_claims c
               where c.merchant_id = m.id
                 and c.product_id is null
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
      select jsonb_build_object('id', o.id, 'name', o.name, 'username', o.username,
                                'profile_image', o.profile_image)
      from public.public_profiles o
      where o.id = s.owner_id))
  from public.storefronts s
  where s.slug = storefront_slug
$$;

comment on function public.public_storefront(text) is
  'A storefront as /s/{slug} draws it: the storefront, its public items, its products each with the verified claims about it and, apart, its merchant''s company-wide ones (never a claim about another product), and the owner''s public name and picture; null when the reader may not see it (RLS).';

revoke execute on function public.public_storefront(text) from public;
