-- What Stripe keeps on its side, for the local test checkout (used when no STRIPE_SECRET_KEY is
-- configured): which checkout sessions have been paid and which expired. A paid session cannot be
-- expired and an expired one cannot be paid, as on Stripe; a paid session whose events have all
-- reached the webhook is confirmed and cannot be paid again. Its own schema, which neither PostgREST
-- nor the app's roles can reach. Idempotent: runs on every start after 20-storage.sql.

create schema if not exists local_stripe;
revoke all on schema local_stripe from public;

create table if not exists local_stripe.checkout_sessions (
  id text primary key,
  status text not null check (status in ('complete', 'expired')),
  updated_at timestamptz not null default now()
);

alter table local_stripe.checkout_sessions add column if not exists confirmed_at timestamptz;
