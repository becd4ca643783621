-- A signed-in buyer's order history is /orders: its first path segment is kept back from
-- usernames, as every page's is (RESERVED_USERNAMES of @verdant/validation holds the same list).

create or replace function public.reserved_usernames()
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
    'earnings', 'education', 'faq-crawlers', 'go', 'images', 'login', 'my-links', 'orders',
    'payment-canceled', 'payment-success', 'pricing', 'privacy', 'products', 'profile', 'recruit',
    'reset-password', 'revenue-transparency', 's', 'shop', 'signup', 'storefronts',
    'technical-wiki', 'terms', 'vendor', 'vendor-affiliates', 'vendor-messages',
    'vendor-onboarding', 'vendor-recruitment'
  ]::text[]
$$;
