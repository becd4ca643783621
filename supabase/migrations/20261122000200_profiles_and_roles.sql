-- Profiles, roles and the role-change audit log.
--
-- Every signed-up user has one profile, created by a trigger on auth.users from the sign-up
-- metadata. Roles, subscription fields and onboarding completion are never written by a user
-- through the table: roles change only through change_user_role() (spec §5), subscription fields
-- follow the subscriptions table, and onboarding completes through complete_onboarding().

-- Shared helpers ------------------------------------------------------------------------------

-- URL-safe identifiers used for usernames, slugs and link codes.
create or replace function public.is_url_slug(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value ~ '^[a-z0-9](?:[a-z0-9-]{1,62}[a-z0-9])$' and value !~ '--'
$$;

-- A web address or a path on the site itself (e.g. /images/products/bamboo-brush.svg).
create or replace function public.is_web_or_site_url(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value ~ '^(https?://[^\s/$.?#][^\s]*|/[^/\s][^\s]*)$' and length(value) <= 2048
$$;

create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- Profiles -------------------------------------------------------------------------------------

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  username text not null unique
    check (username ~ '^[a-z0-9](?:[a-z0-9_-]{1,30}[a-z0-9])$'),
  role text not null default 'affiliate'
    check (role in ('admin', 'affiliate', 'merchant', 'demo')),
  has_completed_onboarding boolean not null default false,
  profile_image text check (profile_image is null or public.is_web_or_site_url(profile_image)),
  bio text check (bio is null or length(bio) <= 1000),
  has_active_subscription boolean not null default false,
  subscription_tier text check (subscription_tier in ('starter', 'pro', 'business')),
  subscription_end_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.profiles is
  'One row per user (1:1 auth.users). Role, subscription fields and onboarding completion change only through functions and triggers.';

create index profiles_role_idx on public.profiles (role);

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function public.set_updated_at();

-- The role of the signed-in user, read past RLS (used by policies; reveals only the caller's own role).
create or replace function public.current_user_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.role from public.profiles p where p.id = auth.uid()
$$;

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.profiles p where p.id = auth.uid() and p.role = 'admin')
$$;

-- Guards the columns that only functions and triggers may change. Column privileges already
-- refuse these updates through the API; this trigger also covers any role that is granted the
-- whole table. Code running as the table owner (SECURITY DEFINER functions, triggers, migrations,
-- the seed) and the service role pass.
create or replace function public.profiles_guard_protected_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and (
       new.id is distinct from old.id
    or new.role is distinct from old.role
    or new.has_completed_onboarding is distinct from old.has_completed_onboarding
    or new.has_active_subscription is distinct from old.has_active_subscription
    or new.subscription_tier is distinct from old.subscription_tier
    or new.subscription_end_date is distinct from old.subscription_end_date
    or new.created_at is distinct from old.created_at
  ) then
    raise exception 'Role, subscription and onboarding fields cannot be changed directly'
      using errcode = '42501',
            hint = 'Use change_user_role() or complete_onboarding(); subscriptions follow the subscriptions table.';
  end if;
  return new;
end;
$$;

create trigger profiles_guard_protected_columns
  before update on public.profiles
  for each row execute function public.profiles_guard_protected_columns();

-- Username generation --------------------------------------------------------------------------

-- A URL-safe base for a username: lower case, runs of other characters become '-', 3..24 chars.
create or replace function public.username_base(source text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when length(b) >= 3 then b
    when length(b) > 0 then b || '-user'
    else 'user'
  end
  from (
    select btrim(left(btrim(regexp_replace(lower(coalesce(source, '')), '[^a-z0-9]+', '-', 'g'), '-'), 24), '-') as b
  ) s
$$;

-- Profile creation on sign-up --------------------------------------------------------------------

create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  requested_role text := meta ->> 'role';
  display_name text := nullif(btrim(coalesce(meta ->> 'name', meta ->> 'full_name', '')), '');
  base text;
  candidate text;
  attempt integer := 0;
begin
  -- Only affiliate and merchant can be chosen at sign-up; anything else (admin included) is affiliate.
  if requested_role is null or requested_role not in ('affiliate', 'merchant') then
    requested_role := 'affiliate';
  end if;
  display_name := left(coalesce(display_name, new.email, new.phone, 'Verdant member'), 200);

  base := public.username_base(coalesce(
    nullif(meta ->> 'username', ''),
    nullif(split_part(coalesce(new.email, ''), '@', 1), ''),
    display_name
  ));
  candidate := base;
  loop
    begin
      insert into public.profiles (id, name, username, role)
      values (new.id, display_name, candidate, requested_role);
      exit;
    exception when unique_violation then
      if exists (select 1 from public.profiles where id = new.id) then
        exit; -- the profile already exists (e.g. re-run of a seed); keep it
      end if;
      attempt := attempt + 1;
      if attempt > 20 then
        raise;
      end if;
      candidate := base || '-' || case
        when attempt < 5 then (attempt + 1)::text
        else substr(encode(extensions.gen_random_bytes(4), 'hex'), 1, 6)
      end;
    end;
  end loop;
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- Role changes (spec §5) ------------------------------------------------------------------------

create table public.role_change_audit (
  id bigint generated always as identity primary key,
  actor_id uuid references public.profiles (id) on delete set null,
  target_id uuid references public.profiles (id) on delete set null,
  old_role text not null,
  new_role text not null check (new_role in ('admin', 'affiliate', 'merchant', 'demo')),
  created_at timestamptz not null default now()
);

comment on table public.role_change_audit is
  'One row per role change made through change_user_role(); written only by that function.';

create index role_change_audit_target_idx on public.role_change_audit (target_id, created_at desc);

create or replace function public.count_admins_excluding(excluded_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer
  from public.profiles
  where role = 'admin' and id is distinct from excluded_id
$$;

-- The same rules, in the same order and with the same messages, as validateRoleChange in
-- @verdant/validation (spec §5):
--   1. the new role must be admin, affiliate, merchant or demo;
--   2. only an administrator may grant admin or change an administrator's role;
--   3. an administrator cannot take the admin role away from themselves;
--   4. the last administrator cannot lose the admin role.
-- In addition, only administrators change anyone's role here. Server-side code holding the service
-- role key acts as an administrator without a profile (so rule 4 still protects the last admin).
create or replace function public.change_user_role(target_id uuid, new_role text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
  actor_is_admin boolean;
  target_role text;
begin
  if new_role is null or new_role not in ('admin', 'affiliate', 'merchant', 'demo') then
    raise exception 'Invalid role specified' using errcode = '22023';
  end if;

  actor_is_admin := auth.role() = 'service_role'
    or exists (select 1 from public.profiles p where p.id = actor and p.role = 'admin');

  -- Lock the admin rows so that two concurrent demotions cannot remove the last admin.
  perform 1 from public.profiles p where p.role = 'admin' for update;
  select p.role into target_role from public.profiles p where p.id = change_user_role.target_id for update;
  if target_role is null then
    raise exception 'Profile not found' using errcode = 'P0002';
  end if;

  if (new_role = 'admin' or target_role = 'admin') and not actor_is_admin then
    raise exception 'Only administrators can grant admin privileges' using errcode = '42501';
  end if;
  if not actor_is_admin then
    raise exception 'Only administrators can change roles' using errcode = '42501';
  end if;
  if target_role = 'admin' and new_role <> 'admin' then
    if change_user_role.target_id = actor then
      raise exception 'Administrators cannot demote themselves' using errcode = '42501';
    end if;
    if public.count_admins_excluding(change_user_role.target_id) = 0 then
      raise exception 'Cannot remove the last administrator' using errcode = '42501';
    end if;
  end if;

  if target_role = new_role then
    return;
  end if;

  update public.profiles p set role = new_role where p.id = change_user_role.target_id;
  insert into public.role_change_audit (actor_id, target_id, old_role, new_role)
  values (actor, change_user_role.target_id, target_role, new_role);
end;
$$;

-- Row-level security -----------------------------------------------------------------------------

alter table public.profiles enable row level security;
alter table public.role_change_audit enable row level security;

-- Users write their own display fields only; everything else goes through functions.
revoke insert, update, delete, truncate on public.profiles from anon, authenticated;
grant update (name, username, profile_image, bio) on public.profiles to authenticated;
revoke insert, update, delete, truncate on public.role_change_audit from anon, authenticated;

revoke execute on function public.change_user_role(uuid, text) from public, anon;
grant execute on function public.change_user_role(uuid, text) to authenticated, service_role;
revoke execute on function public.count_admins_excluding(uuid) from public, anon;
grant execute on function public.count_admins_excluding(uuid) to authenticated, service_role;
revoke execute on function public.handle_new_user() from public, anon, authenticated;

-- profiles: a user reads and edits their own profile; admins read and edit every profile.
-- No insert policy (profiles come from the sign-up trigger) and no delete policy (a profile is
-- deleted with its auth user). Further read policies for program partners and conversation
-- partners are added with those tables.
create policy profiles_select_own on public.profiles
  for select to authenticated using (id = (select auth.uid()));
create policy profiles_select_admin on public.profiles
  for select to authenticated using ((select public.is_admin()));
create policy profiles_update_own on public.profiles
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));
create policy profiles_update_admin on public.profiles
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- role_change_audit: admins read it; only change_user_role() writes it.
create policy role_change_audit_select_admin on public.role_change_audit
  for select to authenticated using ((select public.is_admin()));

-- The public face of a profile (what /@{username}, storefronts and the community show): no
-- subscription, onboarding or audit fields.
create view public.public_profiles
with (security_barrier = true)
as
  select id, username, name, profile_image, bio, role
  from public.profiles;

comment on view public.public_profiles is
  'Public columns of every profile (name, username, image, bio, role) for public pages and author names.';

revoke all on public.public_profiles from anon, authenticated;
grant select on public.public_profiles to anon, authenticated;

-- Onboarding completion ---------------------------------------------------------------------------
-- Defined with the merchant tables (complete_onboarding) because a merchant's onboarding needs
-- company details and a sustainability claim.
