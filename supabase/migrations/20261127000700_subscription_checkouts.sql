-- One open plan checkout per user.
--
-- create-subscription-checkout gives repeated requests for the same plan the same checkout
-- session, so a plan cannot be bought twice. A checkout for another plan was another session,
-- though: a merchant who opened Starter in one tab and Growth in another, and paid both, got two
-- subscriptions, both billed. Now the function keeps each user's newest plan checkout here and,
-- before it opens a checkout for another plan, expires the session it replaces (on Stripe with
-- checkout.sessions.expire; locally the test checkout's stand-in does the same), so only the newest
-- can be paid. A session paid meanwhile cannot be expired: the user is told that plan is on its
-- way. Two requests at the same moment meet at this row: each replaces only the row it read, and
-- the one that finds the row changed expires its own session and answers 409.
create table public.subscription_checkouts (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  session_id text not null check (length(session_id) between 1 and 255),
  tier text not null check (tier in ('starter', 'pro', 'business')),
  -- How many subscriptions the user had when the checkout opened. A row of an earlier generation
  -- belongs to a plan the user has had since, and no longer stands in the way of a new checkout.
  generation integer not null check (generation >= 0),
  created_at timestamptz not null default now()
);

comment on table public.subscription_checkouts is
  'Each user''s newest plan checkout session (written by create-subscription-checkout with the service role), so that only one plan checkout can be paid at a time.';

alter table public.subscription_checkouts enable row level security;
revoke insert, update, delete, truncate on public.subscription_checkouts from anon, authenticated;

-- The user sees their own; admins all. Only the payment functions (service role) write.
create policy subscription_checkouts_select_own on public.subscription_checkouts
  for select to authenticated using (user_id = (select auth.uid()));
create policy subscription_checkouts_select_admin on public.subscription_checkouts
  for select to authenticated using ((select public.is_admin()));
