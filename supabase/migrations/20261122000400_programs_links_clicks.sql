-- Affiliate programs, memberships, tracked links, clicks and their daily roll-ups.

create table public.affiliate_programs (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references public.merchant_profiles (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  description text check (description is null or length(description) <= 4000),
  commission_type text not null check (commission_type in ('percent', 'flat')),
  -- percent programs: basis points of the order total (1000 = 10 %); flat programs: cents per order.
  commission_rate_bps integer check (commission_rate_bps between 1 and 10000),
  commission_flat_cents integer check (commission_flat_cents > 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  cookie_window_days integer not null default 30 check (cookie_window_days between 1 and 365),
  holding_days integer not null default 30 check (holding_days between 0 and 180),
  auto_approve boolean not null default false,
  status text not null default 'active' check (status in ('draft', 'active', 'paused', 'closed')),
  terms text check (terms is null or length(terms) <= 8000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (
    (commission_type = 'percent' and commission_rate_bps is not null and commission_flat_cents is null)
    or (commission_type = 'flat' and commission_flat_cents is not null and commission_rate_bps is null)
  )
);

comment on table public.affiliate_programs is
  'A merchant''s affiliate program: percent (basis points) or flat (cents) commission, cookie window and holding days.';

create index affiliate_programs_merchant_idx on public.affiliate_programs (merchant_id);

create trigger affiliate_programs_set_updated_at
  before update on public.affiliate_programs
  for each row execute function public.set_updated_at();

create table public.program_memberships (
  id uuid primary key default gen_random_uuid(),
  program_id uuid not null references public.affiliate_programs (id) on delete cascade,
  affiliate_id uuid not null references public.profiles (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'removed')),
  application_note text check (application_note is null or length(application_note) <= 2000),
  decided_at timestamptz,
  decided_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (program_id, affiliate_id)
);

comment on table public.program_memberships is
  'An affiliate''s application to a program and the merchant''s decision (pending, approved, rejected, removed).';

create index program_memberships_affiliate_idx on public.program_memberships (affiliate_id);

create trigger program_memberships_set_updated_at
  before update on public.program_memberships
  for each row execute function public.set_updated_at();

create table public.affiliate_links (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code ~ '^[A-Za-z0-9_-]{4,32}$'),
  affiliate_id uuid not null references public.profiles (id) on delete cascade,
  program_id uuid references public.affiliate_programs (id) on delete cascade,
  product_id uuid references public.products (id) on delete set null,
  destination_url text not null check (public.is_web_or_site_url(destination_url)),
  title text check (title is null or length(title) <= 200),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.affiliate_links is
  'A tracked link /go/{code}: owner, program and/or product, destination on the site or the web.';

create index affiliate_links_affiliate_idx on public.affiliate_links (affiliate_id);
create index affiliate_links_program_idx on public.affiliate_links (program_id);

create trigger affiliate_links_set_updated_at
  before update on public.affiliate_links
  for each row execute function public.set_updated_at();

-- Clicks are append-only: written by the link tracker (service role), never changed.
create table public.link_clicks (
  id bigint generated always as identity primary key,
  link_id uuid not null references public.affiliate_links (id) on delete cascade,
  clicked_at timestamptz not null default now(),
  visitor_hash text not null check (visitor_hash ~ '^[A-Za-z0-9_-]{16,128}$'),
  referrer text check (referrer is null or length(referrer) <= 2048),
  device text not null default 'unknown' check (device in ('desktop', 'mobile', 'tablet', 'bot', 'unknown')),
  is_bot boolean not null default false,
  is_unique boolean not null default false
);

comment on table public.link_clicks is
  'Append-only click log of /go/{code}: hashed visitor, referrer, device, bot flag, unique flag (one per link, visitor and hour).';

create index link_clicks_link_time_idx on public.link_clicks (link_id, clicked_at);
create index link_clicks_visitor_idx on public.link_clicks (link_id, visitor_hash, clicked_at);

-- One counted (unique) click per link, visitor and hour; bot clicks never count.
create or replace function public.link_clicks_mark_unique()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.is_unique := not new.is_bot and not exists (
    select 1 from public.link_clicks c
    where c.link_id = new.link_id
      and c.visitor_hash = new.visitor_hash
      and c.is_unique
      and c.clicked_at > new.clicked_at - interval '1 hour'
      and c.clicked_at <= new.clicked_at
  );
  return new;
end;
$$;

create trigger link_clicks_mark_unique
  before insert on public.link_clicks
  for each row execute function public.link_clicks_mark_unique();

create or replace function public.link_clicks_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Deleting a link removes its clicks through the foreign key's cascade (nested trigger depth).
  if tg_op = 'DELETE' and pg_trigger_depth() > 1 then
    return old;
  end if;
  raise exception 'link_clicks is append-only' using errcode = '42501';
end;
$$;

create trigger link_clicks_append_only
  before update or delete on public.link_clicks
  for each row execute function public.link_clicks_append_only();

-- Daily roll-ups for dashboards, maintained on every insert into link_clicks (UTC days).
create table public.link_click_daily (
  link_id uuid not null references public.affiliate_links (id) on delete cascade,
  day date not null,
  clicks integer not null default 0 check (clicks >= 0),
  unique_clicks integer not null default 0 check (unique_clicks >= 0),
  bot_clicks integer not null default 0 check (bot_clicks >= 0),
  primary key (link_id, day)
);

comment on table public.link_click_daily is
  'Per link and UTC day: all clicks, unique clicks and bot clicks; kept in step with link_clicks by trigger.';

create or replace function public.link_clicks_roll_up()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.link_click_daily as d (link_id, day, clicks, unique_clicks, bot_clicks)
  select n.link_id, (n.clicked_at at time zone 'UTC')::date,
         count(*), count(*) filter (where n.is_unique), count(*) filter (where n.is_bot)
  from new_clicks n
  group by 1, 2
  on conflict (link_id, day) do update
    set clicks = d.clicks + excluded.clicks,
        unique_clicks = d.unique_clicks + excluded.unique_clicks,
        bot_clicks = d.bot_clicks + excluded.bot_clicks;
  return null;
end;
$$;

create trigger link_clicks_roll_up
  after insert on public.link_clicks
  referencing new table as new_clicks
  for each statement execute function public.link_clicks_roll_up();

-- Rebuilds the roll-ups from the click log (e.g. after a bulk import with triggers disabled).
create or replace function public.refresh_link_click_daily()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.link_click_daily;
  insert into public.link_click_daily (link_id, day, clicks, unique_clicks, bot_clicks)
  select link_id, (clicked_at at time zone 'UTC')::date,
         count(*), count(*) filter (where is_unique), count(*) filter (where is_bot)
  from public.link_clicks
  group by 1, 2;
$$;

revoke execute on function public.refresh_link_click_daily() from public, anon, authenticated;

-- Policy helpers (read past RLS, reveal only a boolean) -------------------------------------------

create or replace function public.owns_program(program uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.affiliate_programs p where p.id = program and p.merchant_id = auth.uid())
$$;

create or replace function public.is_program_member(program uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.program_memberships m
    where m.program_id = program and m.affiliate_id = auth.uid() and m.status = 'approved'
  )
$$;

create or replace function public.owns_link(link uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.affiliate_links l where l.id = link and l.affiliate_id = auth.uid())
$$;

-- The caller is a merchant with the given affiliate in one of its programs (any status), or an
-- affiliate with an approved membership in one of the given merchant's programs.
create or replace function public.is_program_partner(other uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.program_memberships m
    join public.affiliate_programs p on p.id = m.program_id
    where (p.merchant_id = auth.uid() and m.affiliate_id = other)
       or (m.affiliate_id = auth.uid() and p.merchant_id = other and m.status = 'approved')
  )
$$;

-- Memberships: the affiliate applies; auto-approve programs approve at once; the decision is the
-- merchant's (or an admin's).
create or replace function public.program_memberships_apply_rules()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  decider boolean := current_user not in ('anon', 'authenticated') or public.is_admin()
                     or public.owns_program(new.program_id);
begin
  if tg_op = 'INSERT' and not decider then
    select case when p.auto_approve then 'approved' else 'pending' end,
           case when p.auto_approve then now() end
      into new.status, new.decided_at
    from public.affiliate_programs p where p.id = new.program_id;
    new.decided_by := null;
  elsif tg_op = 'UPDATE' then
    if new.program_id is distinct from old.program_id or new.affiliate_id is distinct from old.affiliate_id then
      raise exception 'A membership cannot move to another program or affiliate' using errcode = '42501';
    end if;
    if new.status is distinct from old.status then
      if not decider then
        raise exception 'Only the program''s merchant can decide on a membership' using errcode = '42501';
      end if;
      new.decided_at := now();
      new.decided_by := coalesce(auth.uid(), new.decided_by);
    end if;
  end if;
  return new;
end;
$$;

create trigger program_memberships_apply_rules
  before insert or update on public.program_memberships
  for each row execute function public.program_memberships_apply_rules();

-- Row-level security -----------------------------------------------------------------------------

alter table public.affiliate_programs enable row level security;
alter table public.program_memberships enable row level security;
alter table public.affiliate_links enable row level security;
alter table public.link_clicks enable row level security;
alter table public.link_click_daily enable row level security;

-- Clicks and roll-ups are written by the tracker and triggers only.
revoke insert, update, delete, truncate on public.link_clicks from anon, authenticated;
revoke insert, update, delete, truncate on public.link_click_daily from anon, authenticated;

-- affiliate_programs: signed-in users browse active programs of approved merchants; members see
-- their programs in any state; the merchant manages its own; admins all.
create policy affiliate_programs_select_active on public.affiliate_programs
  for select to authenticated
  using (status = 'active' and public.is_approved_merchant(merchant_id));
create policy affiliate_programs_select_member on public.affiliate_programs
  for select to authenticated using (public.is_program_member(id));
create policy affiliate_programs_select_own on public.affiliate_programs
  for select to authenticated using (merchant_id = (select auth.uid()));
create policy affiliate_programs_select_admin on public.affiliate_programs
  for select to authenticated using ((select public.is_admin()));
create policy affiliate_programs_insert_own on public.affiliate_programs
  for insert to authenticated
  with check (merchant_id = (select auth.uid()) and (select public.current_user_role()) = 'merchant');
create policy affiliate_programs_update_own on public.affiliate_programs
  for update to authenticated using (merchant_id = (select auth.uid())) with check (merchant_id = (select auth.uid()));
create policy affiliate_programs_update_admin on public.affiliate_programs
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy affiliate_programs_delete_own on public.affiliate_programs
  for delete to authenticated using (merchant_id = (select auth.uid()));
create policy affiliate_programs_delete_admin on public.affiliate_programs
  for delete to authenticated using ((select public.is_admin()));

-- program_memberships: the affiliate sees, applies to (active programs) and leaves its own; the
-- program's merchant sees and decides; admins all.
create policy program_memberships_select_own on public.program_memberships
  for select to authenticated using (affiliate_id = (select auth.uid()));
create policy program_memberships_select_merchant on public.program_memberships
  for select to authenticated using (public.owns_program(program_id));
create policy program_memberships_select_admin on public.program_memberships
  for select to authenticated using ((select public.is_admin()));
create policy program_memberships_insert_own on public.program_memberships
  for insert to authenticated
  with check (
    affiliate_id = (select auth.uid())
    and (select public.current_user_role()) = 'affiliate'
    and exists (
      select 1 from public.affiliate_programs p
      where p.id = program_id and p.status = 'active' and public.is_approved_merchant(p.merchant_id)
    )
  );
create policy program_memberships_update_merchant on public.program_memberships
  for update to authenticated
  using (public.owns_program(program_id)) with check (public.owns_program(program_id));
create policy program_memberships_update_admin on public.program_memberships
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy program_memberships_delete_own on public.program_memberships
  for delete to authenticated using (affiliate_id = (select auth.uid()));
create policy program_memberships_delete_admin on public.program_memberships
  for delete to authenticated using ((select public.is_admin()));

-- affiliate_links: the affiliate manages its own links (program links need an approved
-- membership); the program's merchant sees links to its program; admins all.
create policy affiliate_links_select_own on public.affiliate_links
  for select to authenticated using (affiliate_id = (select auth.uid()));
create policy affiliate_links_select_merchant on public.affiliate_links
  for select to authenticated using (program_id is not null and public.owns_program(program_id));
create policy affiliate_links_select_admin on public.affiliate_links
  for select to authenticated using ((select public.is_admin()));
create policy affiliate_links_insert_own on public.affiliate_links
  for insert to authenticated
  with check (
    affiliate_id = (select auth.uid())
    and (select public.current_user_role()) = 'affiliate'
    and (program_id is null or public.is_program_member(program_id))
    and (product_id is null or public.is_public_product(product_id))
  );
create policy affiliate_links_update_own on public.affiliate_links
  for update to authenticated
  using (affiliate_id = (select auth.uid()))
  with check (
    affiliate_id = (select auth.uid())
    and (program_id is null or public.is_program_member(program_id))
    and (product_id is null or public.is_public_product(product_id))
  );
create policy affiliate_links_update_admin on public.affiliate_links
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy affiliate_links_delete_own on public.affiliate_links
  for delete to authenticated using (affiliate_id = (select auth.uid()));
create policy affiliate_links_delete_admin on public.affiliate_links
  for delete to authenticated using ((select public.is_admin()));

-- link_clicks / link_click_daily: read by the link's owner, the program's merchant and admins. The
-- caller's links are computed once per query (set-returning helpers), not once per click.
create or replace function public.my_link_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select l.id from public.affiliate_links l where l.affiliate_id = auth.uid()
$$;

create or replace function public.my_program_link_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select l.id from public.affiliate_links l
  join public.affiliate_programs p on p.id = l.program_id
  where p.merchant_id = auth.uid()
$$;

create policy link_clicks_select_owner on public.link_clicks
  for select to authenticated using (link_id in (select public.my_link_ids()));
create policy link_clicks_select_merchant on public.link_clicks
  for select to authenticated using (link_id in (select public.my_program_link_ids()));
create policy link_clicks_select_admin on public.link_clicks
  for select to authenticated using ((select public.is_admin()));

create policy link_click_daily_select_owner on public.link_click_daily
  for select to authenticated using (link_id in (select public.my_link_ids()));
create policy link_click_daily_select_merchant on public.link_click_daily
  for select to authenticated using (link_id in (select public.my_program_link_ids()));
create policy link_click_daily_select_admin on public.link_click_daily
  for select to authenticated using ((select public.is_admin()));

-- Profiles of program partners: a merchant sees the affiliates in its programs, an affiliate the
-- merchants whose programs it belongs to.
create policy profiles_select_program_partner on public.profiles
  for select to authenticated using (public.is_program_partner(id));
