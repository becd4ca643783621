-- Verdant demo world.
--
-- Runs once on a migrated database (the local stack records it; running it again changes nothing).
-- Deterministic: fixed ids derived from names and a fixed random seed. Times are relative to now()
-- so dashboards always show the last 90 days. The sign-in accounts are listed in
-- supabase/seed/demo-accounts.json; the other seeded affiliates use the affiliate password there.
-- Images are paths the platform app serves: /images/products/<slug>.svg (30 products),
-- /images/merchants/<name>.svg (3 logos) and /images/courses/<name>.svg (3 covers). Evidence
-- documents live on the merchants' own (fictional, .example) sites.

do $seed$
declare
  affiliate_password_hash text;
begin
  if exists (select 1 from auth.users where email = 'admin@verdant.test') then
    raise notice 'Verdant demo world already present; nothing to do';
    return;
  end if;

  perform setseed(0.4242);

  -- Accounts ------------------------------------------------------------------------------------

  create temp table seed_users (
    key text primary key,
    email text not null,
    password text not null,
    name text not null,
    username text not null,
    signup_role text not null,
    final_role text not null,
    bio text
  ) on commit drop;

  insert into seed_users values
    ('admin', 'admin@verdant.test', 'Forest#Keeper26', 'Avery Okafor', 'avery', 'affiliate', 'admin',
     'Keeps Verdant honest: reviews merchants, claims and products.'),
    ('demo', 'demo@verdant.test', 'Seedling#Tour26', 'Demo User', 'demo-user', 'affiliate', 'demo', null),
    ('m1', 'merchant@verdant.test', 'Fern&Market26', 'Maya Greenfield', 'evergreen-home', 'merchant', 'merchant',
     'Founder of Evergreen Home Co. — zero-waste essentials for every room.'),
    ('m2', 'merchant2@verdant.test', 'Fern&Market26', 'Tomas Reyes', 'tidewater', 'merchant', 'merchant',
     'Outdoor gear from recycled and natural materials.'),
    ('m3', 'merchant3@verdant.test', 'Fern&Market26', 'Priya Raman', 'sprout-and-sage', 'merchant', 'merchant',
     'Fair-trade pantry staples and plastic-free kitchen tools.'),
    ('m4', 'newmerchant@verdant.test', 'Fern&Market26', 'Lena Park', 'leafline-studio', 'merchant', 'merchant', null),
    ('a1', 'affiliate@verdant.test', 'Moss+Creator26', 'Jordan Rivers', 'jordan-rivers', 'affiliate', 'affiliate',
     'Low-waste living on a budget. Every pick tested at home.'),
    ('a2', 'affiliate2@verdant.test', 'Moss+Creator26', 'Sam Whitaker', 'sam-outdoors', 'affiliate', 'affiliate',
     'Trail runner and gear repairer. Buy less, buy better.'),
    ('a3', 'affiliate3@verdant.test', 'Moss+Creator26', 'Noor Haddad', 'noor-cooks', 'affiliate', 'affiliate',
     'Seasonal recipes and a pantry without plastic.'),
    ('a4', 'affiliate4@verdant.test', 'Moss+Creator26', 'Kai Tanaka', 'kai-minimal', 'affiliate', 'affiliate',
     'Minimalist home, maximal plants.'),
    ('a5', 'affiliate5@verdant.test', 'Moss+Creator26', 'Elena Petrova', 'elena-green', 'affiliate', 'affiliate',
     'Sustainable fashion, thrift hauls and mending tips.'),
    ('a6', 'affiliate6@verdant.test', 'Moss+Creator26', 'Marcus Bell', 'marcus-bikes', 'affiliate', 'affiliate',
     'Car-free family life by cargo bike.'),
    ('a7', 'affiliate7@verdant.test', 'Moss+Creator26', 'Aisha Bello', 'aisha-zero', 'affiliate', 'affiliate',
     'Zero-waste swaps that actually stick.'),
    ('a8', 'affiliate8@verdant.test', 'Moss+Creator26', 'Liam O''Connor', 'liam-camps', 'affiliate', 'affiliate',
     'Wild camping and leave-no-trace guides.'),
    ('a9', 'affiliate9@verdant.test', 'Moss+Creator26', 'Sofia Marín', 'sofia-kids', 'affiliate', 'affiliate',
     'Raising kids with fewer, better things.'),
    ('a10', 'affiliate10@verdant.test', 'Moss+Creator26', 'Ben Adeyemi', 'ben-brews', 'affiliate', 'affiliate',
     'Coffee nerd. Fair trade or nothing.');

  create function pg_temp.sid(name text) returns uuid
    language sql immutable as $f$ select md5('verdant-seed/' || name)::uuid $f$;

  -- One bcrypt hash per distinct password (cost 10, as the auth service writes them).
  create temp table seed_hashes on commit drop as
    select password, extensions.crypt(password, extensions.gen_salt('bf', 10)) as hash
    from (select distinct password from seed_users) p;

  -- The profile trigger on auth.users creates each profile from this metadata.
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
    raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at,
    confirmation_token, recovery_token, email_change_token_new, email_change
  )
  select '00000000-0000-0000-0000-000000000000', pg_temp.sid('user/' || u.key), 'authenticated', 'authenticated',
         u.email, h.hash, now() - interval '120 days', null,
         '{"provider": "email", "providers": ["email"]}'::jsonb,
         jsonb_build_object('name', u.name, 'role', u.signup_role, 'username', u.username),
         false, now() - interval '120 days', now() - interval '120 days', '', '', '', ''
  from seed_users u join seed_hashes h using (password);

  insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
  select pg_temp.sid('identity/' || u.key), pg_temp.sid('user/' || u.key)::text, pg_temp.sid('user/' || u.key),
         jsonb_build_object('sub', pg_temp.sid('user/' || u.key)::text, 'email', u.email,
                            'email_verified', true, 'phone_verified', false),
         'email', null, now() - interval '120 days', now() - interval '120 days'
  from seed_users u;

  update public.profiles p
    set role = u.final_role,
        bio = u.bio,
        has_completed_onboarding = u.key <> 'm4',
        created_at = now() - interval '120 days'
  from seed_users u
  where p.id = pg_temp.sid('user/' || u.key);

  insert into public.role_change_audit (actor_id, target_id, old_role, new_role, created_at)
  values (pg_temp.sid('user/admin'), pg_temp.sid('user/demo'), 'affiliate', 'demo', now() - interval '119 days');

  -- Merchants and their sustainability claims -----------------------------------------------------

  insert into public.merchant_profiles (id, company_name, website, description, logo_url, country,
                                        onboarding_step, approval_status, approved_at, approved_by)
  values
    (pg_temp.sid('user/m1'), 'Evergreen Home Co.', 'https://evergreen-home.example',
     'Refillable, compostable and plastic-free essentials for the kitchen, bathroom and laundry.',
     '/images/merchants/evergreen-home.svg', 'US', 'complete', 'approved', now() - interval '110 days', pg_temp.sid('user/admin')),
    (pg_temp.sid('user/m2'), 'Tidewater Outfitters', 'https://tidewater-outfitters.example',
     'Outdoor clothing and gear made from recycled fibres, natural rubber and cork — built to be repaired.',
     '/images/merchants/tidewater-outfitters.svg', 'CA', 'complete', 'approved', now() - interval '108 days', pg_temp.sid('user/admin')),
    (pg_temp.sid('user/m3'), 'Sprout & Sage Kitchen', 'https://sprout-and-sage.example',
     'Fair-trade coffee, tea and spices, plus plastic-free tools for a low-waste kitchen.',
     '/images/merchants/sprout-and-sage.svg', 'GB', 'complete', 'approved', now() - interval '105 days', pg_temp.sid('user/admin')),
    (pg_temp.sid('user/m4'), 'Leafline Studio', null,
     'Hand-printed stationery on recycled paper.', null, 'DE', 'sustainability', 'pending', null, null);

  -- Their onboarding statements (a column of a later migration: written when the schema has it).
  if exists (select 1 from pg_attribute
             where attrelid = 'public.merchant_profiles'::regclass
               and attname = 'sustainability_statement' and not attisdropped) then
    execute $statements$
      update public.merchant_profiles m set sustainability_statement = s.statement
      from (values
        ('user/m1', 'Every product ships refillable or compostable, and our refill station runs on renewable electricity. We publish our packaging and shipping footprint each year.'),
        ('user/m2', 'Our fabrics are recycled or natural, our factories are audited for fair labour, and we repair anything we sell for free, for life.'),
        ('user/m3', 'We buy only fair-trade certified coffee, tea and spices, pay growers above the fair-trade minimum, and pack everything in paper or tins.'),
        ('user/m4', 'We print with vegetable inks on 100 % recycled paper and deliver by bike within Berlin.')
      ) s(key, statement)
      where m.id = pg_temp.sid(s.key)
    $statements$;
  end if;

  insert into public.sustainability_claims (id, merchant_id, claim, category, evidence_url, issuer, scope,
                                            issued_on, expires_on, review_status, reviewed_by, reviewed_at, review_notes)
  values
    (pg_temp.sid('claim/m1/1'), pg_temp.sid('user/m1'), 'All packaging is plastic-free and home-compostable.', 'packaging',
     'https://evergreen-home.example/sustainability/packaging-audit-2026.pdf', 'Compostable Packaging Alliance', 'All products shipped from our warehouse',
     current_date - 300, current_date + 430, 'approved', pg_temp.sid('user/admin'), now() - interval '100 days', null),
    (pg_temp.sid('claim/m1/2'), pg_temp.sid('user/m1'), 'Certified B Corporation.', 'certification',
     'https://evergreen-home.example/sustainability/b-corp-certificate.pdf', 'B Lab', 'Whole company',
     current_date - 500, current_date + 230, 'approved', pg_temp.sid('user/admin'), now() - interval '100 days', null),
    (pg_temp.sid('claim/m1/3'), pg_temp.sid('user/m1'), 'Warehouse runs on 100 % renewable electricity.', 'energy',
     'https://evergreen-home.example/sustainability/energy-contract.pdf', 'Green-e Energy', 'Warehouse and office',
     current_date - 60, current_date + 305, 'pending', null, null, null),
    (pg_temp.sid('claim/m2/1'), pg_temp.sid('user/m2'), 'Jackets and fleeces use at least 90 % recycled polyester.', 'materials',
     'https://tidewater-outfitters.example/sustainability/grs-certificate.pdf', 'Global Recycled Standard', 'Apparel line 2026',
     current_date - 200, current_date + 530, 'approved', pg_temp.sid('user/admin'), now() - interval '98 days', null),
    (pg_temp.sid('claim/m2/2'), pg_temp.sid('user/m2'), 'Free lifetime repairs on every product we sell.', 'other',
     'https://tidewater-outfitters.example/sustainability/repair-policy.pdf', null, 'All products',
     current_date - 400, null, 'approved', pg_temp.sid('user/admin'), now() - interval '98 days', null),
    (pg_temp.sid('claim/m2/3'), pg_temp.sid('user/m2'), 'Carbon neutral shipping.', 'carbon',
     'https://tidewater-outfitters.example/sustainability/offsets-2025.pdf', 'Unverified offset broker', 'Shipping',
     current_date - 380, current_date - 15, 'rejected', pg_temp.sid('user/admin'), now() - interval '90 days',
     'Offsets are not independently verified; please provide a recognised registry certificate.'),
    (pg_temp.sid('claim/m3/1'), pg_temp.sid('user/m3'), 'Coffee, tea and spices are Fairtrade certified.', 'labour',
     'https://sprout-and-sage.example/sustainability/fairtrade-licence.pdf', 'Fairtrade International', 'Coffee, tea and spices',
     current_date - 250, current_date + 480, 'approved', pg_temp.sid('user/admin'), now() - interval '95 days', null),
    (pg_temp.sid('claim/m3/2'), pg_temp.sid('user/m3'), 'Organic ingredients only.', 'certification',
     'https://sprout-and-sage.example/sustainability/organic-certificate.pdf', 'Soil Association', 'Food products',
     current_date - 150, current_date + 580, 'approved', pg_temp.sid('user/admin'), now() - interval '95 days', null),
    (pg_temp.sid('claim/m4/1'), pg_temp.sid('user/m4'), 'Paper is 100 % post-consumer recycled.', 'materials',
     'https://leafline-studio.example/sustainability/paper-spec.pdf', 'FSC Recycled', 'All stationery',
     current_date - 30, current_date + 700, 'pending', null, null, null);

  -- Products (30, ten per approved merchant) ------------------------------------------------------

  create temp table seed_products (n integer primary key, merchant text, slug text, name text, category text,
                                   price_cents integer, co2e_grams integer, attrs text[], status text) on commit drop;
  insert into seed_products values
    (1, 'm1', 'bamboo-toothbrush-set', 'Bamboo Toothbrush Set (4)', 'personal-care', 1200, 180, '{biodegradable,plastic-free}', 'approved'),
    (2, 'm1', 'refillable-dish-soap', 'Refillable Dish Soap, 1 L', 'home', 1600, 420, '{refillable,vegan}', 'approved'),
    (3, 'm1', 'beeswax-food-wraps', 'Beeswax Food Wraps (3)', 'home', 1800, 240, '{organic,plastic-free}', 'approved'),
    (4, 'm1', 'compostable-sponges', 'Compostable Kitchen Sponges (6)', 'home', 1400, 150, '{biodegradable,plastic-free}', 'approved'),
    (5, 'm1', 'wool-dryer-balls', 'Wool Dryer Balls (6)', 'home', 2200, 310, '{organic,plastic-free}', 'approved'),
    (6, 'm1', 'solid-shampoo-bar', 'Solid Shampoo Bar', 'personal-care', 1300, 90, '{plastic-free,vegan}', 'approved'),
    (7, 'm1', 'organic-linen-towel', 'Organic Linen Bath Towel', 'home', 4800, 2100, '{organic,fair-trade}', 'approved'),
    (8, 'm1', 'glass-spray-bottle', 'Glass Spray Bottle', 'home', 1500, 520, '{refillable,recycled}', 'approved'),
    (9, 'm1', 'reusable-kitchen-towels', 'Reusable Kitchen Towels (12)', 'home', 2000, 640, '{organic}', 'pending_review'),
    (10, 'm1', 'natural-deodorant', 'Natural Deodorant Stick', 'personal-care', 1400, 110, '{plastic-free,vegan}', 'approved'),
    (11, 'm2', 'recycled-rain-jacket', 'Recycled Rain Jacket', 'apparel', 16900, 9800, '{recycled,repairable}', 'approved'),
    (12, 'm2', 'organic-cotton-tee', 'Organic Cotton Tee', 'apparel', 3200, 2100, '{organic,fair-trade}', 'approved'),
    (13, 'm2', 'merino-hiking-socks', 'Merino Hiking Socks', 'apparel', 2400, 760, '{biodegradable}', 'approved'),
    (14, 'm2', 'hemp-daypack', 'Hemp Daypack 20 L', 'outdoors', 8900, 3900, '{organic,repairable}', 'approved'),
    (15, 'm2', 'solar-camping-lantern', 'Solar Camping Lantern', 'outdoors', 4500, 2600, '{repairable}', 'approved'),
    (16, 'm2', 'insulated-steel-bottle', 'Insulated Steel Bottle', 'outdoors', 3400, 1900, '{plastic-free}', 'approved'),
    (17, 'm2', 'recycled-fleece-pullover', 'Recycled Fleece Pullover', 'apparel', 7900, 5200, '{recycled}', 'approved'),
    (18, 'm2', 'cork-yoga-mat', 'Cork Yoga Mat', 'outdoors', 7400, 2800, '{biodegradable,vegan}', 'approved'),
    (19, 'm2', 'gear-repair-kit', 'Gear Repair Kit', 'outdoors', 1900, 350, '{repairable}', 'draft'),
    (20, 'm2', 'kids-rubber-boots', 'Natural Rubber Kids'' Boots', 'kids', 3900, 2400, '{biodegradable}', 'approved'),
    (21, 'm3', 'fair-trade-coffee-beans', 'Fair-Trade Coffee Beans, 500 g', 'food', 1800, 4100, '{fair-trade,organic}', 'approved'),
    (22, 'm3', 'loose-leaf-green-tea', 'Loose-Leaf Green Tea', 'food', 1500, 900, '{fair-trade,organic}', 'approved'),
    (23, 'm3', 'oat-milk-concentrate', 'Oat Milk Concentrate', 'food', 1200, 380, '{vegan,local}', 'approved'),
    (24, 'm3', 'glass-storage-jars', 'Glass Storage Jars (4)', 'home', 2900, 1700, '{plastic-free,recycled}', 'approved'),
    (25, 'm3', 'bamboo-travel-cutlery', 'Bamboo Travel Cutlery', 'home', 1400, 200, '{biodegradable,plastic-free}', 'approved'),
    (26, 'm3', 'recycled-paper-notebook', 'Recycled Paper Notebook', 'office', 1200, 260, '{recycled}', 'approved'),
    (27, 'm3', 'plantable-pencils', 'Plantable Pencils (8)', 'office', 1300, 120, '{biodegradable}', 'approved'),
    (28, 'm3', 'countertop-compost-caddy', 'Countertop Compost Caddy', 'home', 3600, 1500, '{recycled}', 'pending_review'),
    (29, 'm3', 'organic-spice-set', 'Organic Spice Set', 'food', 2600, 700, '{organic,fair-trade}', 'approved'),
    (30, 'm3', 'cold-brew-bottle', 'Cold Brew Bottle', 'food', 2800, 1300, '{plastic-free}', 'approved');

  insert into public.products (id, merchant_id, name, slug, description, price_cents, currency, images, category,
                               status, stock, sustainability_attributes, co2e_grams, co2e_source,
                               reviewed_by, reviewed_at, created_at)
  select pg_temp.sid('product/' || p.slug), pg_temp.sid('user/' || p.merchant), p.name, p.slug,
         -- A name that ends in a full stop ("Co.") ends the sentence itself.
         p.name || ' from ' || rtrim(m.company_name, '.') || '. Made to last, shipped plastic-free.',
         p.price_cents, 'USD',
         array['/images/products/' || p.slug || '.svg'], p.category, p.status, 20 + (p.n * 7) % 180,
         p.attrs, p.co2e_grams,
         case when p.n % 3 = 0 then 'Supplier life-cycle assessment (cradle to gate)'
              else 'Verdant estimate from product weight and material emission factors' end,
         case when p.status = 'approved' then pg_temp.sid('user/admin') end,
         case when p.status = 'approved' then now() - interval '95 days' end,
         now() - interval '100 days' + p.n * interval '1 hour'
  from seed_products p join public.merchant_profiles m on m.id = pg_temp.sid('user/' || p.merchant);

  -- Claims about particular products name them (one product per claim: a certificate that covers
  -- several products is a claim about each); the others are about the whole company.
  update public.sustainability_claims c set product_id = pg_temp.sid('product/' || t.slug)
  from (values ('claim/m2/1', 'recycled-rain-jacket'),
               ('claim/m3/1', 'fair-trade-coffee-beans')) t(claim, slug)
  where c.id = pg_temp.sid(t.claim);

  insert into public.sustainability_claims (id, merchant_id, product_id, claim, category, evidence_url, issuer, scope,
                                            issued_on, expires_on, review_status, reviewed_by, reviewed_at, review_notes)
  select pg_temp.sid(t.claim), c.merchant_id, pg_temp.sid('product/' || t.slug), c.claim, c.category, c.evidence_url,
         c.issuer, c.scope, c.issued_on, c.expires_on, c.review_status, c.reviewed_by, c.reviewed_at, c.review_notes
  from (values ('claim/m2/4', 'claim/m2/1', 'recycled-fleece-pullover'),
               ('claim/m3/3', 'claim/m3/1', 'loose-leaf-green-tea'),
               ('claim/m3/4', 'claim/m3/1', 'organic-spice-set')) t(claim, same_as, slug)
  join public.sustainability_claims c on c.id = pg_temp.sid(t.same_as);

  -- The demo world's history predates the plan limits: some free affiliates hold more than the 10
  -- tracked links of Affiliate Free, and Tidewater runs two programs without a subscription. Like
  -- any rows made before a limit, they are kept and keep working; only new rows are counted. The
  -- plan-limit triggers (where the migrations have them) are paused while the history is written.
  create function pg_temp.set_plan_limits(enabled boolean) returns void
    language plpgsql as $f$
    declare
      t record;
    begin
      for t in
        select c.relname, tr.tgname from pg_catalog.pg_trigger tr
        join pg_catalog.pg_class c on c.oid = tr.tgrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not tr.tgisinternal and tr.tgname like '%\_enforce\_plan\_limit'
      loop
        execute format('alter table public.%I %s trigger %I', t.relname,
                       case when enabled then 'enable' else 'disable' end, t.tgname);
      end loop;
    end;
  $f$;

  perform pg_temp.set_plan_limits(false);

  -- Programs and memberships ---------------------------------------------------------------------

  insert into public.affiliate_programs (id, merchant_id, name, description, commission_type, commission_rate_bps,
                                         commission_flat_cents, cookie_window_days, holding_days, auto_approve,
                                         status, terms, created_at)
  values
    (pg_temp.sid('program/1'), pg_temp.sid('user/m1'), 'Evergreen Home Partners',
     'Earn on every zero-waste essential your audience buys.', 'percent', 1200, null, 30, 30, true, 'active',
     'No paid search on our brand name. Disclose the partnership in every post.', now() - interval '100 days'),
    (pg_temp.sid('program/2'), pg_temp.sid('user/m1'), 'Evergreen Zero-Waste Creators',
     'A flat fee per order for creators who teach low-waste habits.', 'flat', null, 300, 14, 14, false, 'active',
     'Content must show the product in use.', now() - interval '99 days'),
    (pg_temp.sid('program/3'), pg_temp.sid('user/m2'), 'Tidewater Trail Ambassadors',
     'For hikers, runners and campers who repair before they replace.', 'percent', 800, null, 45, 30, false, 'active',
     'Ambassadors receive a repair kit to review.', now() - interval '98 days'),
    (pg_temp.sid('program/4'), pg_temp.sid('user/m2'), 'Tidewater Kids & Family',
     'Durable outdoor gear for growing families.', 'percent', 1000, null, 30, 21, false, 'active', null,
     now() - interval '97 days'),
    (pg_temp.sid('program/5'), pg_temp.sid('user/m3'), 'Sprout & Sage Kitchen Club',
     'Fair-trade pantry staples with a generous commission.', 'percent', 1500, null, 60, 30, false, 'active',
     'Recipes featuring our products are welcome.', now() - interval '96 days');

  -- Affiliate i joins program j when (i + j) mod 3 <> 0; a few applications are pending or rejected.
  insert into public.program_memberships (id, program_id, affiliate_id, status, application_note, decided_at,
                                          decided_by, created_at)
  select pg_temp.sid('membership/' || i || '/' || j), pg_temp.sid('program/' || j), pg_temp.sid('user/a' || i),
         s.status, 'I would love to feature your products.',
         case when s.status <> 'pending' then now() - interval '88 days' end,
         case when s.status <> 'pending' then pg_temp.sid('user/' || case when j <= 2 then 'm1' when j <= 4 then 'm2' else 'm3' end) end,
         now() - interval '90 days'
  from generate_series(1, 10) i, generate_series(1, 5) j,
       lateral (select case when (i + 2 * j) % 7 = 0 then 'pending'
                            when (i + j) % 8 = 0 then 'rejected'
                            else 'approved' end as status) s
  where (i + j) % 3 <> 0;

  -- Links: three per approved membership (two products and the shop), owned by the affiliate.
  insert into public.affiliate_links (id, code, affiliate_id, program_id, product_id, destination_url, title, created_at)
  select pg_temp.sid('link/' || m.id || '/' || k),
         left(u.username, 12) || '-' || substr(md5(m.id::text || k), 1, 6),
         m.affiliate_id, m.program_id, prod.id,
         coalesce('/shop/' || prod.slug, '/shop?merchant=' || p.merchant_id),
         coalesce(prod.name, p.name),
         now() - interval '88 days' + k * interval '1 day'
  from public.program_memberships m
  join public.affiliate_programs p on p.id = m.program_id
  join public.profiles u on u.id = m.affiliate_id
  cross join generate_series(1, 3) k
  left join lateral (
    select pr.id, pr.slug, pr.name from public.products pr
    where pr.merchant_id = p.merchant_id and pr.status = 'approved' and k < 3
    order by md5(pr.id::text || m.id::text)
    offset k - 1 limit 1
  ) prod on true
  where m.status = 'approved';

  update public.affiliate_links set is_active = false
  where id = (select id from public.affiliate_links order by code limit 1 offset 7);

  perform pg_temp.set_plan_limits(true);

  -- 20,000 clicks over the last 90 days, busier on popular links and recent days: 19,000 visits,
  -- then 1,000 repeats, each a visitor coming back to the same link within the hour (clicks by
  -- people, not counted). The insert trigger marks unique clicks and fills the daily roll-ups.
  create temp table seed_links on commit drop as
    select id, row_number() over (order by code) as rn, count(*) over () as n from public.affiliate_links;

  insert into public.link_clicks (link_id, clicked_at, visitor_hash, referrer, device, is_bot)
  select l.id, c.clicked_at, c.visitor_hash, c.referrer, c.device, c.is_bot
  from (
    select g,
           now() - (90 * power(random(), 1.3)) * interval '1 day' as clicked_at,
           random() as pick,
           md5('visitor/' || floor(random() * 6000)::int) as visitor_hash,
           (array[null, 'https://www.instagram.com/', 'https://www.tiktok.com/', 'https://www.youtube.com/',
                  'https://www.pinterest.com/', 'https://www.google.com/', 'https://duckduckgo.com/',
                  'https://newsletter.verdant.test/'])[1 + floor(random() * 8)::int] as referrer,
           (array['mobile', 'mobile', 'mobile', 'desktop', 'desktop', 'tablet'])[1 + floor(random() * 6)::int] as device,
           random() < 0.03 as is_bot
    from generate_series(1, 19000) g
  ) c
  join seed_links l on l.rn = 1 + floor(power(c.pick, 1.8) * l.n)::int
  order by c.clicked_at;

  insert into public.link_clicks (link_id, clicked_at, visitor_hash, referrer, device, is_bot)
  select r.link_id, least(now(), r.clicked_at + (1 + floor(random() * 50)::int) * interval '1 minute'),
         r.visitor_hash, r.referrer, r.device, false
  from (select c.* from public.link_clicks c where not c.is_bot order by random() limit 1000) r
  order by 2;


  -- Orders with their items and revenue split ---------------------------------------------------

  create temp table seed_orders on commit drop as
    select g,
           pg_temp.sid('order/' || g) as id,
           pg_temp.sid('user/m' || (1 + g % 3)) as merchant_id,
           now() - (89 * random() + 0.5) * interval '1 day' as created_at,
           random() as status_pick,
           random() < 0.72 as attributed,
           1 + floor(random() * 3)::int as lines,
           (array['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'a10', null, null])[1 + floor(random() * 12)::int] as buyer
    from generate_series(1, 600) g;

  insert into public.orders (id, buyer_id, buyer_email, merchant_id, status, currency, created_at,
                             affiliate_link_id, attributed_affiliate_id, click_id,
                             stripe_checkout_session_id)
  select o.id,
         case when o.buyer is not null then pg_temp.sid('user/' || o.buyer) end,
         case when o.buyer is null then 'shopper' || o.g || '@mail.verdant.test' end,
         o.merchant_id, 'pending', 'USD', o.created_at,
         link.id, link.affiliate_id,
         (select c.id from public.link_clicks c
          where c.link_id = link.id and c.clicked_at <= o.created_at and not c.is_bot
          order by c.clicked_at desc limit 1),
         'cs_test_' || substr(md5('checkout/' || o.g), 1, 24)
  from seed_orders o
  left join lateral (
    select l.id, l.affiliate_id from public.affiliate_links l
    join public.affiliate_programs p on p.id = l.program_id
    where p.merchant_id = o.merchant_id and o.attributed
      and exists (select 1 from public.link_clicks c where c.link_id = l.id and c.clicked_at <= o.created_at)
    order by md5(l.id::text || o.g)
    limit 1
  ) link on true;

  insert into public.order_items (id, order_id, product_id, product_name, unit_price_cents, quantity,
                                  line_total_cents, currency)
  select pg_temp.sid('order-item/' || o.g || '/' || k), o.id, pr.id, pr.name, pr.price_cents, q.quantity,
         pr.price_cents * q.quantity, 'USD'
  from seed_orders o
  cross join generate_series(1, 3) k
  cross join lateral (select 1 + (o.g * k) % 3 / 2 as quantity) q
  join lateral (
    select id, name, price_cents from public.products
    where merchant_id = o.merchant_id and status = 'approved'
    order by md5(id::text || o.g) offset k - 1 limit 1
  ) pr on true
  where k <= o.lines;

  -- Totals, outcome and split: card fee 2.9 % + 30 ¢, platform fee 5 %, the affiliate's commission,
  -- the rest to the merchant.
  with totals as (
    select order_id, sum(line_total_cents)::int as total from public.order_items group by order_id
  ), outcome as (
    select o.id, t.total,
           case when s.status_pick < 0.70 then 'paid'
                when s.status_pick < 0.78 then 'refunded'
                when s.status_pick < 0.83 then 'partially_refunded'
                when s.status_pick < 0.90 then 'pending'
                when s.status_pick < 0.95 then 'canceled'
                else 'failed' end as status,
           o.created_at, o.affiliate_link_id
    from public.orders o join totals t on t.order_id = o.id join seed_orders s on s.id = o.id
  ), priced as (
    select x.*,
           case when x.status in ('paid', 'refunded', 'partially_refunded') and x.affiliate_link_id is not null then
             coalesce(round(x.total * p.commission_rate_bps / 10000.0)::int, p.commission_flat_cents)
           else 0 end as affiliate_cut
    from outcome x
    left join public.affiliate_links l on l.id = x.affiliate_link_id
    left join public.affiliate_programs p on p.id = l.program_id
  )
  update public.orders o
    set status = p.status,
        subtotal_cents = p.total,
        total_cents = p.total,
        paid_at = case when p.status in ('paid', 'refunded', 'partially_refunded') then p.created_at + interval '2 minutes' end,
        refunded_at = case when p.status in ('refunded', 'partially_refunded')
                           then least(p.created_at + case when md5(p.id::text) < '8' then 12 else 45 end * interval '1 day',
                                     now() - interval '1 hour') end,
        refunded_cents = case p.status when 'refunded' then p.total when 'partially_refunded' then p.total / 3 else 0 end,
        payment_fee_cents = case when p.status in ('paid', 'refunded', 'partially_refunded') then round(p.total * 0.029)::int + 30 else 0 end,
        platform_fee_cents = case when p.status in ('paid', 'refunded', 'partially_refunded') then round(p.total * 0.05)::int else 0 end,
        affiliate_amount_cents = p.affiliate_cut,
        merchant_amount_cents = case when p.status in ('paid', 'refunded', 'partially_refunded')
                                     then p.total - (round(p.total * 0.029)::int + 30) - round(p.total * 0.05)::int - p.affiliate_cut
                                     else 0 end,
        stripe_payment_intent_id = case when p.status <> 'pending' then 'pi_test_' || substr(md5('pi/' || o.id), 1, 24) end
  from priced p
  where o.id = p.id;

  -- Commissions ----------------------------------------------------------------------------------
  -- Paid orders: pending until available_at, then approved, older ones paid out. Refunded orders:
  -- reversed when the refund came before availability, otherwise paid and taken back by a clawback.

  insert into public.commissions (id, affiliate_id, merchant_id, program_id, order_id, link_id, kind, amount_cents,
                                  currency, status, available_at, approved_at, paid_at, reversed_at, created_at)
  select pg_temp.sid('commission/' || o.id), o.attributed_affiliate_id, o.merchant_id, l.program_id, o.id, l.id,
         'sale', o.affiliate_amount_cents, o.currency, st.status, av.available_at,
         case when st.status in ('approved', 'paid') then av.available_at end,
         case when st.status = 'paid' then av.available_at + interval '5 days' end,
         case when st.status = 'reversed' then o.refunded_at end,
         o.paid_at
  from public.orders o
  join public.affiliate_links l on l.id = o.affiliate_link_id
  join public.affiliate_programs p on p.id = l.program_id
  cross join lateral (select o.paid_at + make_interval(days => p.holding_days) as available_at) av
  cross join lateral (
    select case
      when o.status = 'refunded' and o.refunded_at < av.available_at then 'reversed'
      when av.available_at > now() then 'pending'
      when av.available_at + interval '5 days' < now() - interval '3 days' then 'paid'
      else 'approved' end as status
  ) st
  where o.status in ('paid', 'refunded', 'partially_refunded') and o.attributed_affiliate_id is not null;

  insert into public.commissions (id, affiliate_id, merchant_id, program_id, order_id, link_id, kind, amount_cents,
                                  currency, status, available_at, approved_at, reverses_commission_id, created_at)
  select pg_temp.sid('clawback/' || c.id), c.affiliate_id, c.merchant_id, c.program_id, c.order_id, c.link_id,
         'clawback', -c.amount_cents, c.currency, 'approved', o.refunded_at, o.refunded_at, c.id, o.refunded_at
  from public.commissions c join public.orders o on o.id = c.order_id
  where c.kind = 'sale' and c.status = 'paid' and o.status = 'refunded' and c.amount_cents > 0;

  -- Payouts: an affiliate's paid commissions month by month, as payout runs bundle them. A month
  -- that comes to less than the $10 minimum (`run_payouts`) carries over into the next payout; what
  -- is still under it after the last month was never paid: approved, waiting for a run.
  declare
    aff uuid;
    m record;
    held uuid[];
    held_cents bigint;
    first_month date;
    payout uuid;
  begin
    for aff in select distinct affiliate_id from public.commissions where status = 'paid' loop
      held := '{}';
      held_cents := 0;
      first_month := null;
      for m in
        select date_trunc('month', paid_at)::date as month, sum(amount_cents) as cents,
               max(paid_at) as last_paid, array_agg(id) as ids
        from public.commissions where status = 'paid' and affiliate_id = aff
        group by 1 order by 1
      loop
        held := held || m.ids;
        held_cents := held_cents + m.cents;
        first_month := coalesce(first_month, m.month);
        if held_cents >= 1000 then
          payout := pg_temp.sid('payout/' || aff || '/' || m.month);
          insert into public.payouts (id, affiliate_id, amount_cents, currency, status, period_start, period_end,
                                      stripe_transfer_id, paid_at, created_at)
          values (payout, aff, held_cents, 'USD', 'paid', first_month, (m.month + interval '1 month - 1 day')::date,
                  'tr_test_' || substr(md5('payout/' || aff || m.month), 1, 20), m.last_paid, m.last_paid);
          update public.commissions set payout_id = payout, paid_at = m.last_paid where id = any(held);
          held := '{}';
          held_cents := 0;
          first_month := null;
        end if;
      end loop;
      -- Never paid: a sale whose order was refunded is taken back whole (no clawback needed), the
      -- others wait for a run.
      delete from public.commissions where kind = 'clawback' and reverses_commission_id = any(held);
      update public.commissions c
      set status = case when o.status = 'refunded' then 'reversed' else 'approved' end,
          reversed_at = case when o.status = 'refunded' then o.refunded_at end,
          paid_at = null
      from public.orders o
      where c.id = any(held) and o.id = c.order_id;
    end loop;
  end;

  -- A payout being processed for the newest approved commissions of the demo affiliate.
  insert into public.payouts (id, affiliate_id, amount_cents, currency, status, created_at)
  select pg_temp.sid('payout/a1/processing'), pg_temp.sid('user/a1'), sum(amount_cents), 'USD', 'processing', now() - interval '1 day'
  from public.commissions where affiliate_id = pg_temp.sid('user/a1') and status = 'approved'
  having sum(amount_cents) >= 1000;

  -- Those commissions are in that payout, so no payout run pays them a second time.
  update public.commissions c set payout_id = pg_temp.sid('payout/a1/processing')
  where c.affiliate_id = pg_temp.sid('user/a1') and c.status = 'approved'
    and exists (select 1 from public.payouts p where p.id = pg_temp.sid('payout/a1/processing'));

  -- Stripe events for the paid orders (the log the webhook keeps).
  insert into public.stripe_events (id, type, livemode, payload, received_at, processed_at)
  select 'evt_test_' || substr(md5('evt/' || o.id), 1, 24), 'checkout.session.completed', false,
         jsonb_build_object('object', 'event', 'type', 'checkout.session.completed',
                            'data', jsonb_build_object('object', jsonb_build_object(
                              'id', o.stripe_checkout_session_id, 'amount_total', o.total_cents,
                              'currency', lower(o.currency), 'payment_status', 'paid'))),
         o.paid_at, o.paid_at + interval '1 second'
  from public.orders o where o.paid_at is not null;

  -- Subscriptions (the trigger copies the state onto the profiles).
  insert into public.subscriptions (id, user_id, tier, status, current_period_end, cancel_at_period_end,
                                    stripe_customer_id, stripe_subscription_id, stripe_price_id, created_at)
  values
    (pg_temp.sid('sub/a1'), pg_temp.sid('user/a1'), 'pro', 'active', now() + interval '20 days', false,
     'cus_test_jordan', 'sub_test_jordan', 'price_test_pro_monthly', now() - interval '70 days'),
    (pg_temp.sid('sub/m1'), pg_temp.sid('user/m1'), 'business', 'active', now() + interval '11 days', false,
     'cus_test_evergreen', 'sub_test_evergreen', 'price_test_business_monthly', now() - interval '100 days'),
    (pg_temp.sid('sub/a3'), pg_temp.sid('user/a3'), 'starter', 'canceled', now() - interval '10 days', true,
     'cus_test_noor', 'sub_test_noor', 'price_test_starter_monthly', now() - interval '80 days'),
    (pg_temp.sid('sub/a5'), pg_temp.sid('user/a5'), 'pro', 'past_due', now() - interval '2 days', false,
     'cus_test_elena', 'sub_test_elena', 'price_test_pro_monthly', now() - interval '60 days'),
    (pg_temp.sid('sub/a6'), pg_temp.sid('user/a6'), 'starter', 'trialing', now() + interval '9 days', false,
     'cus_test_marcus', 'sub_test_marcus', 'price_test_starter_monthly', now() - interval '5 days');

  -- Link pages and storefronts ---------------------------------------------------------------------

  insert into public.link_pages (id, owner_id, title, bio, avatar_url, theme, is_published, created_at)
  select pg_temp.sid('link-page/' || u.key), pg_temp.sid('user/' || u.key), u.name, u.bio,
         null,
         (array['forest', 'ocean', 'earth', 'night'])[1 + (substr(u.key, 2)::int % 4)],
         u.key <> 'a10', now() - interval '85 days'
  from seed_users u where u.key ~ '^a[0-9]+$';

  insert into public.link_page_items (id, page_id, kind, label, url, affiliate_link_id, position, created_at)
  select pg_temp.sid('link-page-item/' || u.key || '/header'), pg_temp.sid('link-page/' || u.key), 'header',
         'My favourite swaps', null, null, 0, now() - interval '85 days'
  from seed_users u where u.key ~ '^a[0-9]+$'
  union all
  select pg_temp.sid('link-page-item/' || l.id), pg_temp.sid('link-page/' || u.key), 'affiliate_link', l.title,
         null, l.id, l.rn, now() - interval '84 days'
  from seed_users u
  join lateral (
    select id, title, row_number() over (order by code)::int as rn from public.affiliate_links
    where affiliate_id = pg_temp.sid('user/' || u.key) and is_active
    order by code limit 4
  ) l on true
  where u.key ~ '^a[0-9]+$'
  union all
  select pg_temp.sid('link-page-item/' || u.key || '/shop'), pg_temp.sid('link-page/' || u.key), 'link',
         'Browse my storefront', '/s/' || u.username || '-picks', null, 10, now() - interval '84 days'
  from seed_users u where u.key ~ '^a[0-9]+$';

  insert into public.storefronts (id, owner_id, slug, title, description, banner_url, theme, is_published, created_at)
  select pg_temp.sid('storefront/' || u.key), pg_temp.sid('user/' || u.key), u.username || '-picks',
         split_part(u.name, ' ', 1) || '''s sustainable picks', 'Things I use every week and would buy again.',
         null,
         (array['forest', 'ocean', 'earth', 'night'])[1 + (substr(u.key, 2)::int % 4)],
         u.key <> 'a10', now() - interval '80 days'
  from seed_users u where u.key ~ '^a[0-9]+$';

  insert into public.storefront_items (id, storefront_id, product_id, affiliate_link_id, note, position, created_at)
  select pg_temp.sid('storefront-item/' || l.id), pg_temp.sid('storefront/' || l.key), l.product_id, l.id,
         'A favourite of mine.', row_number() over (partition by l.key order by l.code)::int - 1, now() - interval '80 days'
  from (
    select distinct on (u.key, al.product_id) u.key, al.id, al.product_id, al.code
    from seed_users u
    join public.affiliate_links al on al.affiliate_id = pg_temp.sid('user/' || u.key) and al.product_id is not null
    where u.key ~ '^a[0-9]+$'
    order by u.key, al.product_id, al.code
  ) l;

  -- Education -------------------------------------------------------------------------------------

  insert into public.courses (id, slug, title, summary, description, level, audience, cover_image,
                              estimated_minutes, is_published, author_id, created_at)
  values
    (pg_temp.sid('course/1'), 'affiliate-foundations', 'Affiliate Marketing Foundations',
     'From your first tracked link to your first payout.',
     'How affiliate programs work on Verdant: joining programs, making links, attribution windows, commissions and payouts.',
     'beginner', 'affiliate', '/images/courses/affiliate-foundations.svg', 34, true, pg_temp.sid('user/admin'), now() - interval '110 days'),
    (pg_temp.sid('course/2'), 'honest-sustainability-claims', 'Honest Sustainability Claims',
     'Make claims you can prove, and avoid greenwashing.',
     'What counts as evidence, how certifications differ, and how Verdant reviews claims before they go public.',
     'intermediate', 'merchant', '/images/courses/honest-claims.svg', 36, true, pg_temp.sid('user/admin'), now() - interval '108 days'),
    (pg_temp.sid('course/3'), 'content-that-converts', 'Content That Converts, Sustainably',
     'Storytelling, disclosure and formats that earn trust.',
     'Plan content around real use, disclose partnerships clearly and measure what works with your link statistics.',
     'intermediate', 'everyone', '/images/courses/content-that-converts.svg', 30, true, pg_temp.sid('user/admin'), now() - interval '106 days'),
    (pg_temp.sid('course/4'), 'advanced-attribution', 'Advanced Attribution (draft)',
     'Cookie windows, last-click rules and refunds in depth.', null,
     'advanced', 'everyone', null, 40, false, pg_temp.sid('user/admin'), now() - interval '20 days');

  insert into public.course_modules (id, course_id, position, title, body, duration_minutes)
  select pg_temp.sid('module/' || m.course || '/' || m.position), pg_temp.sid('course/' || m.course), m.position, m.title, m.body, m.minutes
  from (values
    (1, 1, 'How affiliate programs work', 'Affiliate marketing connects three parties. A **merchant** sells sustainable products. An **affiliate**, such as a creator, blogger or community organiser, recommends them to people who trust them. A **shopper** follows the recommendation and buys. When the purchase comes through the affiliate''s tracked link, the merchant pays the affiliate a commission. The shopper pays the normal price: the commission comes out of the merchant''s side of the sale, not from a surcharge.

## The three terms every program states

On Verdant every program states its terms up front, on its card in the program list, before you join:

- **Commission**: what you earn per sale. It is either a percentage of the order (shown as "8 % per sale") or a flat amount per order.
- **Cookie window**: how many days after a click a purchase is still credited to you, between 1 and 365 as the merchant chooses (shown as "30-day cookie").
- **Holding period**: how many days a commission waits after the payment before it is approved, between 0 and 180. It gives shoppers time to return what they bought (shown as "paid after 14 days").

## A worked example

A refill shop runs a program with 10 % commission, a 30-day cookie window and a 14-day holding period. You write about switching to refillable laundry liquid and share your link. A reader clicks it on Monday, thinks it over, and on Friday buys a starter kit for $40. The purchase falls inside the 30-day window, so a $4.00 commission is created for you as soon as the payment succeeds. It is pending for 14 days; if the reader keeps the kit, it is then approved and included in your next payout.

Two things earn nothing: purchases made after the cookie window has closed, and purchases you make through your own link (a self-referral).

## Why all three terms matter

Compare programs on all three terms, not on the rate alone:

- A generous rate with a 1-day cookie window pays little for products people research for a week, such as an organic cotton mattress.
- A short cookie window matters less for everyday items like refill pouches, which people buy on the spot.
- A short holding period gets money to you sooner, while a long one often reflects a generous return policy, which your audience may value.

## Try it on Verdant

1. Open the [list of affiliate programs](/affiliate-programs) and read the three badges on a few program cards: commission, cookie window and holding period.
2. Pick two programs in the same category and decide which one would earn more for the way your audience actually buys.
3. Open the [Affiliate hub](/affiliate-hub) to see the resources and the disclosure wording you will use once you start sharing links.', 7),
    (1, 2, 'Joining the right programs', 'Your recommendations are only as trustworthy as the merchants behind them. Joining a program ties your name to a company''s products and to its claims, so choose programs the way you would choose what to buy yourself.

## Start with the evidence

Each program card lists the merchant''s **verified claims**: sustainability claims that an administrator has checked against evidence, with the issuer named next to each one. A card that says "No verified claims yet" does not mean the merchant is bad, but it gives you nothing independent to point your audience to.

Before you join, ask yourself:

- Which claims are verified, and do they cover the products you would promote? A company-wide B Corp certification says nothing specific about one product''s materials.
- Would you use the product yourself? A repair kit you have actually used to fix a zip makes a far better post than one you have only seen in photos.
- Does it fit what your audience already asks you about? People who follow you for zero-waste cooking care about refillable spice jars, less about hiking boots.
- Do the terms suit how people buy it? Refill pouches are bought on the spot; a wool duvet is researched for weeks and needs a longer cookie window.

## Join or apply

Each merchant decides how new affiliates are accepted:

- **Automatic approval.** The card shows a **Join program** button. You become a member at once and can create links straight away.
- **Review.** The card shows **Apply**. Your application goes to the merchant, and the card says "Waiting for the merchant''s decision" until they approve or decline it.

Once you are a member, the card shows **Create a link**. Membership can change later: a merchant can remove an affiliate from a program. The links for that program then stop earning new commissions, while commissions already earned are kept.

## Keep your list short

Five programs you know well are worth more than thirty you have never looked at closely. Each membership tells your audience that you have checked the merchant. Look at your programs again from time to time: certificates expire, and a claim whose expiry date has passed disappears from the card until the merchant provides fresh evidence and it is approved again.

## Try it on Verdant

1. Open the [list of affiliate programs](/affiliate-programs), switch on **Verified claims only** and choose a category you write about.
2. Read the claims and their issuers on two or three cards, and check the terms against how your audience buys.
3. Join one program with **Join program**, or send an application with **Apply**, and watch its status badge change.
4. If you are a merchant, open [your Affiliates page](/vendor-affiliates) to see the applications waiting for your decision.', 8),
    (1, 3, 'Making tracked links', 'A tracked link is how Verdant knows that a shopper came from you. Every link has a short code and the form `/go/your-code`. When someone opens it, they are sent straight on to the product or shop page, and the visit is recorded as a click on your link.

## Creating a link

You create links for programs you have joined, by making three choices:

1. The **program**.
2. A **product**, or "The merchant''s shop page" if you want to send people to the whole range.
3. An optional **title**, such as "Newsletter, March: refill starter kit". Titles are only for you, and they make your statistics readable later.

You can create several links for the same product, and it is worth doing: separate links for your newsletter, your video description and a printed flyer show you which of them actually brings buyers.

## What counts as a click

Not every request to a link comes from a person, so Verdant keeps them apart:

- **Bots are ignored.** Link previews (a chat app fetching your link to draw a preview card), search engine crawlers and similar automated requests are recorded as bots and never counted.
- **Clicks** are visits by people, repeats included.
- **Unique clicks** count each visitor once per link and per hour.

For example, you post your link in a repair café''s group chat. The chat app fetches it to draw a preview: a bot, not counted. One member taps it three times within ten minutes: three clicks, one unique click. If they open it again the next day, that is a new unique click.

## Sharing it

Every link has a **Copy link** button and a **QR code**. The QR code is handy offline: show it on a poster at a clothes swap or a card at a market stall, and people can scan it straight to the product.

Keep a link enabled for as long as it is out in the world. You can switch a link off, but a disabled link leads to a "This link isn''t available" page instead of the product, including for readers of your old posts.

## Try it on Verdant

1. Join a program from the [list of affiliate programs](/affiliate-programs) if you have not yet.
2. On your [Affiliate links page](/affiliate-links), create a link for one product and give it a title that names where you will share it.
3. Press **Copy link**, open the link in a private browser window, and check that it lands on the product.
4. Press **Stats** next to the link to see its clicks and unique clicks for the last 30 days.', 7),
    (1, 4, 'Attribution and cookie windows', 'Attribution decides which affiliate, if any, earns the commission on a sale. Verdant uses one simple, published rule, and knowing it answers almost every "where is my sale?" question.

## The last click wins

When a shopper opens a tracked link, Verdant remembers that click. If they buy within the program''s **cookie window**, the sale is credited to their **most recent** tracked click. Earlier clicks, yours or anyone else''s, earn nothing for that sale.

Here is a timeline for a program with a 14-day cookie window:

- Day 1: Mia reads your review of a bamboo toothbrush set and clicks your link.
- Day 5: she watches another creator''s video and clicks their link for the same set.
- Day 6: she buys. The other creator''s click is the last one, so the commission is theirs.

Had she bought on day 4, it would have been yours. Had she clicked only your link and bought on day 20, nobody would earn a commission: the purchase falls outside the 14-day window.

Because the last click wins, timing matters. Content that reaches people close to their decision, such as a comparison of two refill services, tends to earn more than content they saw weeks before buying. A long cookie window gives considered purchases, like a wool winter coat, time to happen; with a short one, your link has to reach people when they are ready to buy.

## How the click is remembered

The click sets a first-party cookie on Verdant''s own domain. It holds only the id of the click, nothing about who the shopper is, and it lasts as long as the program''s cookie window. When the shopper checks out, the click id also travels with the checkout, so the payment carries its own reference to your click and the sale is attributed even without the cookie.

## When a sale does not appear

If you expected a commission and none shows up, the usual reasons are:

- The shopper clicked someone else''s link after yours.
- They bought after the cookie window had closed.
- The link was disabled when they opened it, so they saw a "This link isn''t available" page instead of the product.
- You bought through your own link: a self-referral earns no commission.
- The payment has not succeeded yet. A commission appears, as pending, only once the payment goes through.

## Try it on Verdant

1. In the [list of affiliate programs](/affiliate-programs), compare the cookie windows of the programs you have joined.
2. On [your dashboard](/dashboard), read the **Recent commissions** table: each row shows which `/go/` link earned it.
3. On your [Affiliate links page](/affiliate-links), press **Stats** for that link and compare its clicks with the sales it earned.', 6),
    (1, 5, 'Commissions and payouts', 'A commission moves through a few states between the sale and the money reaching you. Knowing them tells you what you have earned, what you can count on, and when.

## The life of a commission

1. **Pending.** When a shopper''s payment succeeds, a commission is created: the program''s percentage of the order, or its flat amount per order. It stays pending for the program''s holding period, which covers the time in which a shopper may return the product. Your dashboard shows the date on which it becomes available.
2. **Approved.** When the holding period is over, the commission is approved. It now waits for the next payout.
3. **Paid.** Approved commissions are bundled into one payout and marked paid when the transfer is made. Payouts run on a schedule; if your approved balance is below the payout minimum, it carries over to the next run.

## Refunds

Sustainable shops take returns like any other shop, and a refund changes your commission:

- **Before payout**, a full refund reverses the commission: it will never be paid.
- **After payout**, the commission has already reached you, so the amount is taken back from your next payout as a negative entry called a **clawback**.
- A **partial refund** takes back the share of the commission that the refunded amount stands for.

For example, you earn $6.00 on a $60 set of organic cotton bed sheets. During the holding period the shopper returns one pillowcase worth $15, a quarter of the order. A clawback of $1.50 is created, and you are paid $4.50 for that sale.

## Reading your dashboard

Your dashboard keeps these states apart, so nothing comes as a surprise:

- The **Pending** card shows what is still in its holding period, with the approved and paid totals beneath it.
- **Next payout** shows what is approved and waiting, and the date on which more is released after its holding period.
- **Recent commissions** lists each commission with its amount, its status (Pending, Approved, Paid or Reversed, or Clawback for an amount taken back) and the link that earned it.

Plan with approved money, not pending money: a pending commission can still be reversed by a refund.

## Try it on Verdant

1. Open [your dashboard](/dashboard) and read the **Pending** card and the approved and paid totals beneath it.
2. In **Recent commissions**, find a pending row and note its **Available** date.
3. Check the holding period on that program''s card in the [list of affiliate programs](/affiliate-programs): the **Available** date is the sale''s date plus that many days.', 6),
    (2, 1, 'What counts as evidence', 'A claim is a promise to shoppers and to the affiliates who repeat it; evidence lets someone outside your company check it. On Verdant, no claim is shown publicly until an administrator has compared it with its evidence.

## What counts, and what does not

Evidence is a document produced or confirmed by someone other than your marketing team:

- Certificates from recognised issuers, such as an organic or Fairtrade certificate with its licence number.
- Audit reports, for example a third-party social audit of the workshop that sews your bags.
- Contracts and supplier declarations, such as an agreement with a renewable electricity supplier or a take-back contract for used packaging.
- Test reports from accredited laboratories, for example a composting test of a plant-based phone case.

These do not count on their own: your own product copy, a supplier''s sales brochure, a logo on a web page with no certificate behind it, or a happy customer''s review.

## The parts of a claim

When you add a claim on Verdant, you fill in:

- **Claim**: one specific statement, such as "All shipping boxes are 100 % recycled cardboard".
- **Category**: materials, carbon, packaging, labour, certification, energy, water or other.
- **Issuer**: who issued the evidence, for example the certification body or the auditing firm.
- **Evidence link** or **Evidence document**: a link to a public certificate, or an uploaded PDF or image of up to 10 MB. Uploaded documents stay private to you and the reviewers.
- **Issued on** and **Expires on**: the dates of the evidence. Most certificates expire, so give the expiry date wherever there is one.
- **Scope**: which products, sites or years the evidence covers.

Every claim needs an issuer, a scope and, where it applies, an expiry date: without them, nobody can tell whether the evidence covers what you say.

## An example

A shop sells tote bags and wants to say they are organic. Its claim: "Our tote bags are made from GOTS-certified organic cotton." Category: certification. Issuer: the certification body named on the certificate. Evidence: the certificate issued to the factory that makes the bags, uploaded as a PDF. Scope: the tote bag range made from 2026 onwards. Expires on: the validity date printed on the certificate.

Notice what the claim leaves out: it does not call the whole shop organic, nor mention the printing inks, which the certificate may not cover.

## Try it on Verdant

1. Open [Merchant onboarding](/vendor-onboarding) and go to the **Claims and evidence** step.
2. Pick one claim you make today and fill in every field, including the scope and the expiry date.
3. Check it in the list of your claims: it shows the category, the issuer and the expiry date, with the status Pending until it has been reviewed.', 10),
    (2, 2, 'Certifications compared', 'Certification labels are useful shorthand, but each one answers a different question. Shoppers and affiliates rely on you to say exactly which question your label answers.

## What common labels certify

- **Fairtrade** covers the terms of trade with farmers and workers, such as a minimum price and an extra premium for their communities. It applies to certified ingredients and products, like coffee, cocoa or cotton.
- **B Corp** certifies a whole company''s social and environmental performance and its accountability. It is a company-level label: it does not certify any single product.
- **GRS** (Global Recycled Standard) verifies recycled content and traces it through the supply chain, with requirements for the sites that process it. It applies to products, such as a backpack made from recycled polyester.
- **FSC** (Forest Stewardship Council) certifies forest management and the chain of custody of wood and paper. Its labels differ: FSC 100%, FSC Mix and FSC Recycled say different things about where the material came from.
- **Organic** labels, such as the EU organic logo or USDA Organic, certify how crops were grown. For textiles, GOTS (Global Organic Textile Standard) also covers how the fibre is processed into fabric and garments.

## Company, site or product

The same word can cover very different things:

- A **company-level** certificate says the business as a whole meets a standard.
- A **site-level** certificate covers one factory or farm; products made elsewhere are not included.
- A **product-level** certificate covers named products or ranges, often only for a given period.

A B Corp company that sells jackets cannot call the jackets B Corp certified. A shop whose tea is Fairtrade cannot extend that label to its honey. Put the real coverage in the claim''s **Scope** field, and in the wording of the claim itself.

## Say what is certified, and by whom

Compare two ways of saying it:

- Weak: "Certified sustainable cotton."
- Strong: "Our T-shirts are made from GOTS-certified organic cotton; certificate issued to our supplier, valid until June 2027."

The strong version names the standard, the product, who holds the certificate and how long it is valid. A reviewer can check it against the certificate, and an affiliate can repeat it without exaggerating.

## Try it on Verdant

1. In the **Claims and evidence** step of [Merchant onboarding](/vendor-onboarding), add each certificate you hold as its own claim with the category **Certification**, its issuer, scope and expiry date.
2. Check that each claim''s wording names the standard, the products and the holder, like the strong example above.
3. In [your product list](/vendor/products), open a product and tick only the sustainability attributes, such as Organic, Fair trade or B Corp, that one of your claims supports.', 10),
    (2, 3, 'Avoiding greenwashing', 'Greenwashing is any claim that makes a product look better for people or the planet than the evidence supports. It is rarely an outright lie. More often it is a vague word, a missing scope, or a true detail that distracts from a bigger problem.

## Replace vague words

Words like "eco-friendly", "green", "natural", "conscious" and "sustainable" have no agreed meaning. A shopper cannot check them, and a reviewer cannot match them to evidence. Replace each one with what you actually did, how much, and for which products:

- "Eco-friendly jackets" becomes "90 % recycled polyester in our 2026 jackets".
- "Green packaging" becomes "Shipped in recycled cardboard with paper tape and no plastic filling".
- "Climate-friendly coffee" becomes "Roasted with 100 % renewable electricity under our supply contract".

A good claim has a number or a clear yes-or-no fact, a scope (which products, sites or years) and evidence behind it.

## Common traps

- **The hidden trade-off.** Praising plastic-free packaging while saying nothing about flying the product in by air freight.
- **The part for the whole.** One organic cotton line does not make the whole shop organic.
- **Offsets presented as reductions.** A "carbon neutral" claim that rests only on bought offsets should say so, and name them.
- **Missing conditions.** "Compostable" packaging that needs an industrial composting plant should say so; a home compost heap may not break it down.
- **Irrelevant claims.** Boasting about leaving out a substance that is banned anyway tells shoppers nothing.
- **Recyclable in theory.** If local collections rarely accept the material, say where and how it can actually be recycled.

## Numbers need a source

Verdant shows an estimated CO2e figure on products, and the product form asks for the source of that estimate, such as a lifecycle assessment and its year. Apply the same discipline to every figure you publish: if you cannot say where a number comes from, leave it out.

Admitting limits builds trust. "Our refills cut single-use plastic; the bulk containers still reach us by road" is more convincing than a claim that everything is perfect.

## Try it on Verdant

1. In [Merchant onboarding](/vendor-onboarding), reopen the **Sustainability statement** step and replace every vague word with a measurable fact.
2. In [your product list](/vendor/products), check each product''s description and CO2e source against the same test.
3. If a claim in the **Claims and evidence** step overstates its evidence, replace it with a narrower one; the new claim waits for review before it is shown.', 10),
    (2, 4, 'How Verdant reviews claims', 'Verdant''s promise to shoppers and affiliates is that every sustainability claim they see has been checked by a person against its evidence. This module explains what that check involves and what happens to a claim during its life.

## What the reviewer checks

Administrators work through a queue of merchants, products and claims waiting for a decision, oldest first. For each claim they compare its wording with its evidence and ask:

- Does the evidence support the claim as worded, not just a weaker version of it?
- Does it come from the issuer you named, and is that issuer independent of you?
- Does its scope cover what the claim says: the same products, sites and years?
- Is it still valid, with an expiry date that matches the document?

The decision is to approve or to reject. A claim that goes further than its evidence is rejected, even if a narrower version would have passed, so it pays to word it precisely the first time.

## Where approved claims appear

A new claim starts as **Pending**. Once both your company and the claim are approved, the claim is shown publicly:

- on your program''s card on the affiliate programs page, where affiliates can filter for merchants with verified claims;
- on each of your product pages in the shop, with the issuer, the expiry date and, if you gave one, a link to the evidence;
- on affiliates'' storefronts that feature your products.

A claim whose expiry date has passed is no longer shown, even though it was approved. A rejected claim is never shown.

## Changing a claim

Changing a claim in any way, whether its wording, evidence, issuer, scope or dates, sends it back for review, and it is not shown again until it has been approved. This protects shoppers: nobody can have a modest claim approved and then edit it into a bolder one.

In practice:

- Renew evidence before it expires, so that the claim does not drop off your pages while it waits for review.
- Keep the wording if it is still true; change only what the new evidence changes.
- Remove claims you can no longer support rather than leaving them to expire.

## Try it on Verdant

1. In [Merchant onboarding](/vendor-onboarding), open the **Review** step and read the summary of your claims: how many are approved, waiting for review or not approved.
2. In the **Claims and evidence** step, check each claim''s status badge and expiry date.
3. In [your product list](/vendor/products), submit a draft product for approval: products, like claims, go live only once an administrator approves them.', 6),
    (3, 1, 'Tell the story of real use', 'Most product content is made in the first ten minutes of owning something: the unboxing, the first impression, the nice packaging. For sustainable products that is exactly the wrong moment. Their whole promise is that they last, work as well as the throwaway version, or save waste over months, and only time can show that.

## Why long-term use persuades

Your audience''s real questions are practical. Does the shampoo bar go soft in a humid bathroom? Does the organic cotton T-shirt keep its shape after thirty washes? Did the refill delivery actually arrive every month? An unboxing answers none of these; a post after six weeks of use answers all of them, and viewers can tell the difference. Long-term content also stays useful for longer: someone searching for a refillable deodorant review next year will still find it helpful.

## A simple structure

A story of real use can follow five steps:

1. **Before**: what you used and what bothered you about it, such as buying a plastic bottle of washing-up liquid every fortnight.
2. **The choice**: what you switched to and why, including the verified claims you checked.
3. **The test**: how you used it and for how long, with concrete details such as the number of washes, refills or repairs.
4. **The honest verdict**: what works, what does not, and who it is not for.
5. **The link**: where to buy it, with a clear disclosure that you earn a commission.

## Show, do not assert

Concrete details do the persuading for you. "I fixed the seam of my rain jacket with this repair kit in twenty minutes, and it has survived three months of cycling to work" is worth more than "great quality, highly recommend". Photos at week one and week eight, a count of the plastic bottles you did not buy, or a short clip of the worn-in product make the result visible.

Include the flaws. A bamboo toothbrush whose handle darkens in a damp bathroom is still a good choice for many people, and saying so makes the rest of your review believable. Stick to the merchant''s verified claims, too: your experience shows how a product performs, not that its cotton is organic.

## Try it on Verdant

1. In the [list of affiliate programs](/affiliate-programs), reread the verified claims of a product you have used for at least a few weeks, so that you cite them accurately.
2. On your [Affiliate links page](/affiliate-links), create a link for that product with a title naming the story, such as "Shampoo bar, 8-week review".
3. In the [editor of your link-in-bio page](/my-links), add the product as a **Product** item, so that readers of the story can find it.', 7),
    (3, 2, 'Disclose clearly', 'When you earn money from a recommendation, your audience should know before they act on it. Clear disclosure is required by law in many countries (for example under the US Federal Trade Commission''s guides on endorsements and the UK''s advertising codes), and it is good for trust: people accept that you earn a commission, but not that you hid it.

## What clear disclosure looks like

A good disclosure is:

- **Plain**: "I earn a commission if you buy through this link", not "#sp" or "thanks to my partners".
- **Near the link**: right before the link or the product, not only in your profile or at the end of a long post.
- **Visible without effort**: on screen without pressing "more", and said out loud in a video where you recommend the product, not only written in the description.
- **Everywhere you link**: in each post, video, newsletter and page that carries a tracked link, even if you disclosed it last week.

## Ready-made wording

The affiliate hub has wording you can copy for each format:

- Short posts and videos: "Ad · I earn a commission if you buy through my link."
- Link-in-bio pages and storefronts: "Some links on this page are affiliate links: I earn a commission on purchases, at no extra cost to you."
- Reviews and articles: a sentence that says whether you were paid for the review and that you earn a commission on purchases through its links.

Your storefronts already show a disclosure box that names you and explains the commission. Your link-in-bio page has no automatic notice, so add one yourself, for example in its bio.

## Disclosure and sustainability claims

Honesty about money goes together with honesty about claims. Repeat a merchant''s claims as they were verified ("GOTS-certified organic cotton, certificate valid until 2027"), not as a stronger version of them ("totally sustainable"). If the merchant gave you the product for free, say that too: it is part of the relationship your audience should know about.

## Try it on Verdant

1. Open the [Affiliate hub](/affiliate-hub) and copy the wording for the format you use most.
2. In the [editor of your link-in-bio page](/my-links), paste the link-in-bio wording into your page''s **Bio** and press **Save page**.
3. On your [Storefronts page](/storefronts/manage), open one of your published storefronts and read the disclosure box that shoppers see.', 6),
    (3, 3, 'Formats that work', 'Verdant gives you two pages to send people to, your link-in-bio page and your storefronts, and tracked links to share everywhere else. Each suits a different moment, and they work best together.

## Your link-in-bio page

Your link-in-bio page lives at `/@your-username`. It is the one address you put in your social profiles, and it collects everything you recommend right now. You can add three kinds of items:

- **Links** to any web address, such as your blog or your newsletter sign-up.
- **Products** from the shop. A product item goes through your tracked link for that product if you have one, so create the link first and purchases are credited to you.
- **Headers** that group the items below them, such as "Kitchen refills" or "Mending".

Drag items to change their order, hide the ones that are out of season, choose a theme, and publish the page when it is ready. Keep it short: a visitor who arrives from a social profile decides within seconds.

## Storefronts

A storefront, at `/s/your-store`, is a curated collection around one theme: "A plastic-free bathroom", "Everything in my bike repair kit" or "Organic cotton basics for babies". Each product shows the merchant''s verified claims and goes through your tracked link: when you add a product, Verdant uses your active link for it or creates one. Storefronts suit people who are ready to compare and buy several things at once, such as a friend setting up a zero-waste kitchen.

## Choosing a format

Short videos and posts bring people in. They carry your stories of real use and point to your link-in-bio page or a storefront. For a single product, share its tracked link directly. For moments offline, such as a talk at a repair café or a market stall, show the link''s QR code.

In short:

- One product and one story: a tracked link in the post.
- Everything you recommend at the moment: your link-in-bio page.
- A themed set that people compare: a storefront.
- Meeting people in person: a QR code.

Whatever the format, purchases are credited through your tracked links, so the same attribution rules apply: the last click within the cookie window wins.

## Try it on Verdant

1. In the [editor of your link-in-bio page](/my-links), add a header and two product items, drag them into order, switch on **Published** and press **Save page**.
2. On your [Storefronts page](/storefronts/manage), create a storefront around one theme, add three products and switch on **Published**.
3. On your [Affiliate links page](/affiliate-links), press **Stats** for a link to show its QR code, ready for your next market stall or event.', 10),
    (3, 4, 'Measure and improve', 'Measuring your links tells you which content actually helps people choose, not just which content gets attention. Verdant gives you the numbers for each link and in total.

## The numbers you have

On the links page, **Stats** for a link shows its clicks and unique clicks per day over the last 30 days. Your dashboard covers the last 7, 30 or 90 days and shows:

- **Clicks** by people (bots and link previews are never counted), with **unique clicks**, which count each visitor once per link and hour.
- **Conversions**: the sales credited to you, also as a share of unique clicks.
- **Earned** in the period, and the **Pending** balance with the approved and paid amounts.
- **Top links**, with clicks, unique clicks, sales and earnings for each link.

## Reading them

Compare your links with each other rather than with an ideal figure. Suppose you have two links for the same refill starter kit:

- Newsletter link: 120 unique clicks and 6 sales, a conversion rate of 5 %.
- Video link: 400 unique clicks and 4 sales, a conversion rate of 1 %.

The video draws attention; the newsletter persuades. You might put the detailed comparison in the newsletter and use the video to send people to it.

Patterns worth noticing:

- **Clicks far above unique clicks**: the same visitors open the link again within the hour, often while comparing options. Make sure your content answers the comparison.
- **Many unique clicks, no sales**: the content and the product do not match, or the product page leaves questions open.
- **Steady sales from an old post**: an evergreen piece that deserves to be shared again.

Give each change a few weeks before you judge it: small numbers vary a lot from week to week.

## Retire with care

Retire links that do not earn: take them off your link-in-bio page and storefronts, and stop sharing them. Be careful with the **Enabled** switch, though. A disabled link leads to a "This link isn''t available" page, so every post that still carries it becomes a dead end. Disable a link only once the posts that carry it are gone.

## Try it on Verdant

1. On [your dashboard](/dashboard), choose 90 days and read **Top links**: which link has the most sales per unique click?
2. On your [Affiliate links page](/affiliate-links), press **Stats** for your best and your weakest link and compare their daily clicks.
3. In the [editor of your link-in-bio page](/my-links), hide the item for your weakest link and drag your best one to the top.', 7)
  ) as m(course, position, title, body, minutes);

  insert into public.course_modules (id, course_id, position, title, body, duration_minutes)
  values (pg_temp.sid('module/4/1'), pg_temp.sid('course/4'), 1, 'Last-click attribution',
          'Draft: how the last click within the cookie window is chosen.', 20);

  insert into public.enrollments (id, course_id, user_id, enrolled_at, completed_at)
  values
    (pg_temp.sid('enrollment/a1/1'), pg_temp.sid('course/1'), pg_temp.sid('user/a1'), now() - interval '60 days', now() - interval '50 days'),
    (pg_temp.sid('enrollment/a1/3'), pg_temp.sid('course/3'), pg_temp.sid('user/a1'), now() - interval '20 days', null),
    (pg_temp.sid('enrollment/a2/1'), pg_temp.sid('course/1'), pg_temp.sid('user/a2'), now() - interval '15 days', null),
    (pg_temp.sid('enrollment/m1/2'), pg_temp.sid('course/2'), pg_temp.sid('user/m1'), now() - interval '90 days', now() - interval '85 days');

  insert into public.module_progress (user_id, module_id, completed_at)
  select pg_temp.sid('user/' || x.u), pg_temp.sid('module/' || x.course || '/' || x.position), now() - (x.position || ' days')::interval - interval '50 days'
  from (values ('a1', 1, 1), ('a1', 1, 2), ('a1', 1, 3), ('a1', 1, 4), ('a1', 1, 5),
               ('a1', 3, 1), ('a1', 3, 2), ('a2', 1, 1),
               ('m1', 2, 1), ('m1', 2, 2), ('m1', 2, 3), ('m1', 2, 4)) as x(u, course, position);

  insert into public.certificates (id, user_id, course_id, code, issued_at)
  values
    (pg_temp.sid('certificate/a1/1'), pg_temp.sid('user/a1'), pg_temp.sid('course/1'), 'VRDT-A1C1-2026', now() - interval '50 days'),
    (pg_temp.sid('certificate/m1/2'), pg_temp.sid('user/m1'), pg_temp.sid('course/2'), 'VRDT-M1C2-2026', now() - interval '85 days');

  -- Community ------------------------------------------------------------------------------------

  insert into public.posts (id, author_id, title, body, category, status, is_pinned, created_at)
  select pg_temp.sid('post/' || p.n), pg_temp.sid('user/' || p.author), p.title, p.body, p.category, p.status,
         p.pinned, now() - (p.age || ' days')::interval
  from (values
    (1, 'admin', 'Welcome to the Verdant community', 'Introduce yourself, share what you are working on and ask anything. Please keep claims honest and disclose partnerships.', 'announcements', 'published', true, 80),
    (2, 'a1', 'My first month of affiliate income', 'Sharing numbers: 1,200 clicks, 31 sales, most from one storefront. Happy to answer questions.', 'marketing', 'published', false, 40),
    (3, 'a2', 'Repair before replace: a guide', 'I keep a list of gear that can be fixed at home. What would you add?', 'sustainability', 'published', false, 35),
    (4, 'm1', 'Evergreen Home is looking for creators', 'Our Zero-Waste Creators program pays a flat fee per order. Apply from the programs page.', 'products', 'published', false, 30),
    (5, 'a3', 'Plastic-free pantry on a budget', 'Bulk stores, glass jars and a few brands that ship without plastic.', 'sustainability', 'published', false, 28),
    (6, 'a4', 'How long should a cookie window be?', 'Programs here range from 14 to 60 days. Does a longer window change what you promote?', 'marketing', 'published', false, 22),
    (7, 'm2', 'Lifetime repairs: how we do it', 'Every Tidewater product comes with free repairs. Here is what happens when you send something in.', 'products', 'published', false, 18),
    (8, 'a5', 'Thrift vs new sustainable: when to choose which', 'Some things I always buy second hand, some I buy new from certified brands.', 'sustainability', 'published', false, 15),
    (9, 'a6', 'Which link-in-bio layout gets more clicks?', 'I moved my best link to the top and clicks doubled. Anyone else tested this?', 'help', 'published', false, 9),
    (10, 'm3', 'New: organic spice set', 'Our Fairtrade organic spice set is in the shop. Kitchen Club members earn 15 %.', 'products', 'published', false, 6),
    (11, 'a7', 'Zero-waste swaps that stuck (and those that did not)', 'Shampoo bars: yes. Toothpaste tablets: still deciding.', 'general', 'published', false, 3),
    (12, 'a8', 'Buy followers here!!!', 'Cheap followers, DM me.', 'general', 'hidden', false, 2)
  ) as p(n, author, title, body, category, status, pinned, age);

  insert into public.comments (id, post_id, author_id, body, created_at)
  select pg_temp.sid('comment/' || c.post || '/' || c.n), pg_temp.sid('post/' || c.post), pg_temp.sid('user/' || c.author),
         c.body, now() - (c.age || ' days')::interval
  from (values
    (1, 1, 'a1', 'Hi all! Jordan here, low-waste living on a budget.', 79),
    (1, 2, 'm1', 'Welcome everyone — happy to answer questions about our program.', 78),
    (2, 1, 'a2', 'Which storefront did best for you?', 39),
    (2, 2, 'a1', 'The kitchen one, by far. Recipes plus products works.', 38),
    (3, 1, 'm2', 'Great list. We will add our repair guides to it.', 34),
    (3, 2, 'a8', 'Add tent pole splints — cheap and they save a trip.', 33),
    (5, 1, 'm3', 'Our jars ship in recycled cardboard, no plastic.', 27),
    (6, 1, 'a1', 'Longer windows help with expensive products people think about.', 21),
    (6, 2, 'a2', 'Agreed, for jackets I see sales weeks after the click.', 20),
    (9, 1, 'a4', 'Same here. Order matters more than design.', 8),
    (11, 1, 'a5', 'Toothpaste tablets took me a month to get used to.', 2)
  ) as c(post, n, author, body, age);

  insert into public.reactions (id, user_id, post_id, kind, created_at)
  select pg_temp.sid('reaction/' || u.key || '/' || p.n), pg_temp.sid('user/' || u.key), pg_temp.sid('post/' || p.n),
         (array['like', 'insightful', 'celebrate', 'support'])[1 + (p.n + length(u.key)) % 4], now() - interval '1 day'
  from seed_users u cross join generate_series(1, 11) p(n)
  where u.key ~ '^a[0-9]+$' and (p.n * length(u.username)) % 3 = 0;

  insert into public.reports (id, reporter_id, post_id, reason, details, status, reviewed_by, reviewed_at, created_at)
  values
    (pg_temp.sid('report/1'), pg_temp.sid('user/a3'), pg_temp.sid('post/12'), 'spam', 'Selling followers.', 'actioned',
     pg_temp.sid('user/admin'), now() - interval '1 day', now() - interval '2 days'),
    (pg_temp.sid('report/2'), pg_temp.sid('user/a9'), pg_temp.sid('post/8'), 'other', 'Mentions a brand without disclosure?', 'open',
     null, null, now() - interval '12 hours');

  -- Conversations ----------------------------------------------------------------------------------

  insert into public.conversations (id, merchant_id, affiliate_id, program_id, subject, created_at)
  values
    (pg_temp.sid('conversation/m1/a1'), pg_temp.sid('user/m1'), pg_temp.sid('user/a1'), pg_temp.sid('program/1'), 'Holiday campaign', now() - interval '30 days'),
    (pg_temp.sid('conversation/m1/a3'), pg_temp.sid('user/m1'), pg_temp.sid('user/a3'), pg_temp.sid('program/2'), 'Your application', now() - interval '25 days'),
    (pg_temp.sid('conversation/m2/a1'), pg_temp.sid('user/m2'), pg_temp.sid('user/a1'), null, 'Would you join our trail program?', now() - interval '12 days'),
    (pg_temp.sid('conversation/m2/a2'), pg_temp.sid('user/m2'), pg_temp.sid('user/a2'), pg_temp.sid('program/3'), 'Repair kit review', now() - interval '20 days'),
    (pg_temp.sid('conversation/m3/a10'), pg_temp.sid('user/m3'), pg_temp.sid('user/a10'), pg_temp.sid('program/5'), 'Coffee samples', now() - interval '8 days');

  insert into public.messages (id, conversation_id, sender_id, body, read_at, created_at)
  select pg_temp.sid('message/' || m.conv || '/' || m.n), pg_temp.sid('conversation/' || m.conv), pg_temp.sid('user/' || m.sender),
         m.body,
         case when m.is_read then now() - ((m.age - 0.5) || ' days')::interval end,
         now() - (m.age || ' days')::interval
  from (values
    ('m1/a1', 1, 'm1', 'Hi Jordan! We are planning a holiday bundle — would you feature it?', true, 30),
    ('m1/a1', 2, 'a1', 'Yes please. Could I get samples of the beeswax wraps?', true, 29),
    ('m1/a1', 3, 'm1', 'Shipping them today, plastic-free of course.', true, 28),
    ('m1/a1', 4, 'm1', 'Did the samples arrive?', false, 2),
    ('m1/a3', 1, 'm1', 'Thanks for applying to Zero-Waste Creators. Tell us about your audience?', true, 25),
    ('m1/a3', 2, 'a3', 'Mostly home cooks, 18k followers. Recipes with pantry swaps.', false, 24),
    ('m2/a1', 1, 'm2', 'We love your budget tips. Our trail program might fit your audience.', false, 12),
    ('m2/a2', 1, 'm2', 'Your repair kit is on its way.', true, 20),
    ('m2/a2', 2, 'a2', 'Got it, review goes live next week.', true, 18),
    ('m2/a2', 3, 'a2', 'Review is live, link in my storefront.', false, 4),
    ('m3/a10', 1, 'a10', 'Could you send the new single-origin beans for a review?', true, 8),
    ('m3/a10', 2, 'm3', 'Of course, they ship Monday.', false, 7)
  ) as m(conv, n, sender, body, is_read, age);
end;
$seed$;
