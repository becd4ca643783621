-- Creator invitations: who joined through whom.
--
-- An affiliate's invitation link (/signup/affiliate?ref={username}) sends the inviter's username in
-- the sign-up metadata as `invited_by`. The new-user trigger looks it up and records the inviter's
-- profile in profiles.invited_by; a value that is not a JSON string, an unknown username and the
-- new user's own profile all store null, and none of them ever blocks the sign-up.
--
-- invited_by is written only here: users have no update privilege on it (the column grant of
-- 20261122000200_profiles_and_roles.sql lists name, username, profile_image and bio only) and the
-- guard trigger refuses changing it as it refuses changing the role. Deleting the inviter leaves
-- the invitee's profile with null.
--
-- my_invitations() lists the caller's invitees (newest first, at most 200) with their public face,
-- whether /@{username} shows a published page and, for affiliates and merchants, their role; never
-- an email or any private field.

-- 1. The column ------------------------------------------------------------------------------------

alter table public.profiles
  add column invited_by uuid null references public.profiles (id) on delete set null;

comment on column public.profiles.invited_by is
  'The profile whose invitation link this user signed up through (sign-up metadata "invited_by", a username); set only by handle_new_user().';

-- The invitee lists (and the foreign key's set-null on a deleted inviter).
create index profiles_invited_by_idx on public.profiles (invited_by, created_at desc)
  where invited_by is not null;

-- 2. Nobody changes it through the API ---------------------------------------------------------------
-- As in 20261122000200_profiles_and_roles.sql, with invited_by added.

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
    or new.invited_by is distinct from old.invited_by
  ) then
    raise exception 'Role, subscription and onboarding fields cannot be changed directly'
      using errcode = '42501',
            hint = 'Use change_user_role() or complete_onboarding(); subscriptions follow the subscriptions table; invited_by is set at sign-up only.';
  end if;
  return new;
end;
$$;

-- 3. The new-user trigger records the inviter ---------------------------------------------------------
-- As in 20261130000500_signup_metadata_types.sql, with the inviter added.

create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  requested_role text := meta ->> 'role';
  display_name text := nullif(btrim(coalesce(
    case when jsonb_typeof(meta -> 'name') = 'string' then meta ->> 'name' end,
    case when jsonb_typeof(meta -> 'full_name') = 'string' then meta ->> 'full_name' end,
    '')), '');
  requested_username text :=
    case when jsonb_typeof(meta -> 'username') = 'string' then meta ->> 'username' end;
  requested_inviter text :=
    case when jsonb_typeof(meta -> 'invited_by') = 'string' then lower(btrim(meta ->> 'invited_by')) end;
  inviter uuid;
  base text;
  candidate text;
  attempt integer := 0;
begin
  -- Only affiliate and merchant can be chosen at sign-up; anything else (admin included) is affiliate.
  if requested_role is null or requested_role not in ('affiliate', 'merchant') then
    requested_role := 'affiliate';
  end if;
  display_name := left(coalesce(display_name, new.email, new.phone, 'Verdant member'), 200);

  -- The inviter by username (usernames are at most 32 characters). Unknown, malformed or the new
  -- user's own profile: null. The row is locked against deletion until the profile is inserted, so
  -- the foreign key cannot fail the sign-up.
  if requested_inviter is not null and length(requested_inviter) between 1 and 64 then
    select p.id into inviter
    from public.profiles p
    where p.username = requested_inviter and p.id <> new.id
    for key share;
  end if;

  base := public.username_base(coalesce(
    nullif(requested_username, ''),
    nullif(split_part(coalesce(new.email, ''), '@', 1), ''),
    display_name
  ));
  candidate := base;
  loop
    begin
      insert into public.profiles (id, name, username, role, invited_by)
      values (new.id, display_name, candidate, requested_role, inviter);
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

revoke execute on function public.handle_new_user() from public, anon, authenticated;

-- 4. The caller's invitees --------------------------------------------------------------------------
-- Public face only (id, username, name) plus the join date, whether their link page is published
-- (what anybody sees at /@{username}) and the role when it is affiliate or merchant (an invitee
-- later made administrator shows no role: roles are private, 20261123000100). `total` counts
-- every invitee, also past the 200 rows returned.

create or replace function public.my_invitations()
returns table (
  id uuid,
  username text,
  name text,
  role text,
  joined_at timestamptz,
  has_page boolean,
  total bigint
)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id,
         p.username,
         p.name,
         case when p.role in ('affiliate', 'merchant') then p.role end,
         p.created_at,
         exists (select 1 from public.link_pages lp where lp.owner_id = p.id and lp.is_published),
         count(*) over ()
  from public.profiles p
  where p.invited_by = auth.uid()
  order by p.created_at desc, p.id
  limit 200
$$;

comment on function public.my_invitations() is
  'The profiles that signed up through the caller''s invitation link, newest first (at most 200): id, username, name, role (affiliate or merchant, else null), joined_at, has_page (a published /@{username} page) and the total count.';

revoke execute on function public.my_invitations() from public, anon;
grant execute on function public.my_invitations() to authenticated;
