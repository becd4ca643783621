-- 1. The plan gate on storefronts. The free affiliate plan includes one storefront; Affiliate Pro
--    ("Unlimited storefronts" on /pricing) lifts the limit while its subscription is active or
--    trialing and its period has not ended. Administrators are not limited. The app shows the
--    same rule; this trigger makes it hold for every client.
-- 2. The editor's live preview of a link page: the owner's items with the same public addresses
--    (tracked link codes, product slugs and names) that public_link_page_items gives visitors, so
--    /my-links draws exactly what /@{username} will show.
--
-- Both functions are PL/pgSQL so that their bodies, which use columns and helpers of later
-- migrations (affiliate_links.expires_at, active_link_code_for_product), are resolved when called.

create or replace function public.storefront_limit_for(owner uuid)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.profiles p where p.id = owner and p.role = 'admin') then
    return null;
  end if;
  if exists (
    select 1 from public.subscriptions s
    where s.user_id = owner
      and s.tier = 'pro'
      and s.status in ('active', 'trialing')
      and (s.current_period_end is null or s.current_period_end > now())
  ) then
    return null;
  end if;
  return 1;
end;
$$;

comment on function public.storefront_limit_for(uuid) is
  'How many storefronts a user may own: 1 on the free plan, null (unlimited) with an active Affiliate Pro subscription or for administrators.';

-- Subscriptions are private: only the trigger below asks.
revoke execute on function public.storefront_limit_for(uuid) from public, anon, authenticated;

create or replace function public.storefronts_enforce_plan_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limit_count integer;
  owned integer;
begin
  if tg_op = 'UPDATE' and new.owner_id is not distinct from old.owner_id then
    return new;
  end if;
  -- One storefront creation per owner at a time, so two parallel inserts cannot both pass.
  perform 1 from public.profiles p where p.id = new.owner_id for update;
  limit_count := public.storefront_limit_for(new.owner_id);
  if limit_count is null then
    return new;
  end if;
  select count(*) into owned from public.storefronts s where s.owner_id = new.owner_id and s.id <> new.id;
  if owned >= limit_count then
    raise exception 'The free plan includes one storefront. Affiliate Pro unlocks unlimited storefronts.'
      using errcode = '42501',
            hint = 'Subscribe to Affiliate Pro on /pricing, or edit your existing storefront.';
  end if;
  return new;
end;
$$;

create trigger storefronts_enforce_plan_limit
  before insert or update of owner_id on public.storefronts
  for each row execute function public.storefronts_enforce_plan_limit();

-- The caller's link page items in order, each with what a visitor would get for it: the code of
-- an active affiliate link of the owner, the product's slug and name when the product is public.
-- Hidden items are included (is_visible false) so the editor can toggle them without a re-read.
create or replace function public.my_link_page_preview_items()
returns table (
  id uuid,
  kind text,
  label text,
  url text,
  link_code text,
  link_title text,
  product_slug text,
  product_name text,
  item_position integer,
  is_visible boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
  select i.id, i.kind, i.label,
         case when i.kind = 'link' then i.url end,
         case when i.kind = 'affiliate_link' then l.code
              when i.kind = 'product' and pr.id is not null
                then public.active_link_code_for_product(pg.owner_id, i.product_id)
         end,
         case when i.kind = 'affiliate_link' then l.title end,
         case when i.kind = 'product' then pr.slug end,
         case when i.kind = 'product' then pr.name end,
         i.position,
         i.is_visible
  from public.link_pages pg
  join public.link_page_items i on i.page_id = pg.id
  left join public.affiliate_links l
    on l.id = i.affiliate_link_id and l.is_active and (l.expires_at is null or l.expires_at > now()) and l.affiliate_id = pg.owner_id
  left join public.products pr on pr.id = i.product_id and public.is_public_product(pr.id)
  where pg.owner_id = auth.uid()
  order by i.position, i.created_at, i.id;
end;
$$;

comment on function public.my_link_page_preview_items() is
  'The signed-in owner''s link page items with the public addresses visitors get (as public_link_page_items), for the editor''s live preview.';

revoke execute on function public.my_link_page_preview_items() from public, anon;
grant execute on function public.my_link_page_preview_items() to authenticated;
