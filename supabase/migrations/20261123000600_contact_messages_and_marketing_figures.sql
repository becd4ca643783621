-- Contact messages (from /contact and /investors) and the public platform figures shown on the
-- one-sheets, the presentation and the investors page.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  -- Where the message was sent from.
  source text not null default 'contact' check (source in ('contact', 'investors')),
  name text not null check (length(name) between 1 and 200),
  email text not null check (
    length(email) between 5 and 254
    and email ~ '^[^\s@<>"''&]+@[^\s@<>"''&]+\.[^\s@<>"''&]+$'
    and position('..' in email) = 0
  ),
  organisation text check (organisation is null or length(organisation) between 1 and 200),
  subject text check (subject is null or length(subject) between 1 and 200),
  message text not null check (length(message) between 1 and 4000),
  -- The signed-in sender, set by the trigger below (never taken from the request).
  sender_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table public.contact_messages is
  'Messages sent through the contact and investor forms: anyone may send one, only admins read them.';

create index contact_messages_created_idx on public.contact_messages (created_at desc);
create index contact_messages_email_idx on public.contact_messages (lower(email), created_at desc);

-- Sanitises text the way @verdant/validation's sanitizeText does (trim, strip HTML, neutralise
-- script URLs and event-handler names, drop control characters), so a client that skips the
-- API client still stores clean text.
create or replace function public.sanitize_plain_text(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(
    btrim(
      regexp_replace(
        regexp_replace(
          regexp_replace(
            regexp_replace(coalesce(value, ''), '<[^>]*>', '', 'g'),
            '(javascript|vbscript|data)\s*:', 'blocked', 'gi'),
          '\mon[a-z]+\s*=', 'blocked', 'gi'),
        '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]', '', 'g')
    ),
    ''
  )
$$;

-- Before insert: clean every text field, stamp the sender and the time, and refuse floods (at most
-- five messages per address per hour).
create or replace function public.contact_messages_prepare()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.name := public.sanitize_plain_text(new.name);
  new.email := lower(btrim(new.email));
  new.organisation := public.sanitize_plain_text(new.organisation);
  new.subject := public.sanitize_plain_text(new.subject);
  new.message := public.sanitize_plain_text(new.message);
  new.sender_id := auth.uid();
  new.created_at := now();
  if (
    select count(*) from public.contact_messages m
    where lower(m.email) = new.email and m.created_at > now() - interval '1 hour'
  ) >= 5 then
    -- PT429: PostgREST answers HTTP 429.
    raise exception 'Too many messages from this address; please try again later'
      using errcode = 'PT429';
  end if;
  return new;
end;
$$;

create trigger contact_messages_prepare
  before insert on public.contact_messages
  for each row execute function public.contact_messages_prepare();

alter table public.contact_messages enable row level security;

-- Only the listed columns may be written; the sender and the time come from the trigger.
revoke all on public.contact_messages from anon, authenticated;
grant insert (source, name, email, organisation, subject, message)
  on public.contact_messages to anon, authenticated;
grant select, delete on public.contact_messages to authenticated;

create policy contact_messages_insert_anyone on public.contact_messages
  for insert to anon, authenticated with check (true);

create policy contact_messages_select_admin on public.contact_messages
  for select to authenticated using (public.is_admin());

create policy contact_messages_delete_admin on public.contact_messages
  for delete to authenticated using (public.is_admin());

-- Live figures for the one-sheets, the presentation and the investors page: aggregate counts and
-- the typical program terms (medians over active programs of approved merchants), never a row;
-- readable by anyone.
create or replace function public.marketing_figures()
returns table (
  active_programs integer,
  approved_merchants integer,
  affiliates integer,
  approved_products integer,
  verified_claims integer,
  tracked_links integer,
  clicks_30d bigint,
  orders_paid integer,
  median_commission_bps integer,
  median_cookie_window_days integer,
  median_holding_days integer,
  as_of timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    (select count(*)::integer from public.affiliate_programs p
       join public.merchant_profiles m on m.id = p.merchant_id
       where p.status = 'active' and m.approval_status = 'approved'),
    (select count(*)::integer from public.merchant_profiles m where m.approval_status = 'approved'),
    (select count(*)::integer from public.profiles p where p.role = 'affiliate'),
    (select count(*)::integer from public.products p
       join public.merchant_profiles m on m.id = p.merchant_id
       where p.status = 'approved' and m.approval_status = 'approved'),
    (select count(*)::integer from public.sustainability_claims c
       where c.review_status = 'approved'
         and (c.expires_on is null or c.expires_on >= (now() at time zone 'UTC')::date)),
    (select count(*)::integer from public.affiliate_links l where l.is_active),
    (select coalesce(sum(d.clicks), 0)::bigint from public.link_click_daily d
       where d.day >= (now() at time zone 'UTC')::date - 30),
    (select count(*)::integer from public.orders o
       where o.status in ('paid', 'partially_refunded', 'refunded')),
    (select percentile_disc(0.5) within group (order by p.commission_rate_bps)::integer
       from public.affiliate_programs p
       join public.merchant_profiles m on m.id = p.merchant_id
       where p.status = 'active' and m.approval_status = 'approved' and p.commission_type = 'percent'),
    (select percentile_disc(0.5) within group (order by p.cookie_window_days)::integer
       from public.affiliate_programs p
       join public.merchant_profiles m on m.id = p.merchant_id
       where p.status = 'active' and m.approval_status = 'approved'),
    (select percentile_disc(0.5) within group (order by p.holding_days)::integer
       from public.affiliate_programs p
       join public.merchant_profiles m on m.id = p.merchant_id
       where p.status = 'active' and m.approval_status = 'approved'),
    now()
$$;

comment on function public.marketing_figures() is
  'Live aggregate figures for the marketing pages: counts and sums only, readable by anon.';

revoke execute on function public.marketing_figures() from public;
grant execute on function public.marketing_figures() to anon, authenticated;
