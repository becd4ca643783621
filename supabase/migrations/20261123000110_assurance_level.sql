-- Multi-factor authentication enforced in Postgres, not only in the client.
--
-- A user with a verified MFA factor must present an aal2 token (auth.jwt()->>'aal') for:
--   * every administrator power: is_admin() and is_service_or_admin() are false below aal2, so every
--     admin policy on every table and every admin check in a function requires aal2;
--   * change_user_role(), which says so in its error;
--   * sensitive rows, through restrictive policies: payouts and commissions (a user's own payout
--     details), stripe_events, role_change_audit and engagement_metrics.
-- A user without a verified factor keeps working at aal1, as Supabase recommends.

create or replace function public.has_required_aal()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
    or auth.uid() is null
    or not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = auth.uid() and f.status = 'verified'
    )
$$;

comment on function public.has_required_aal() is
  'True unless the caller has a verified MFA factor and a token below aal2.';

revoke execute on function public.has_required_aal() from public;
grant execute on function public.has_required_aal() to anon, authenticated, service_role;

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.profiles p where p.id = auth.uid() and p.role = 'admin')
    and public.has_required_aal()
$$;

create or replace function public.is_service_or_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.role() = 'service_role' or public.is_admin()
$$;

-- change_user_role: the rules of 20261122000200 unchanged, after an assurance-level check.
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
  if not public.has_required_aal() then
    raise exception 'Multi-factor authentication required (aal2)' using errcode = '42501';
  end if;
  if new_role is null or new_role not in ('admin', 'affiliate', 'merchant', 'demo') then
    raise exception 'Invalid role specified' using errcode = '22023';
  end if;

  actor_is_admin := auth.role() = 'service_role' or public.is_admin();

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

revoke execute on function public.change_user_role(uuid, text) from public, anon;
grant execute on function public.change_user_role(uuid, text) to authenticated, service_role;

-- Restrictive policies: whatever the permissive policies allow, these rows need aal2 from a user
-- with a verified factor.
create policy payouts_require_aal on public.payouts
  as restrictive for all to authenticated
  using ((select public.has_required_aal())) with check ((select public.has_required_aal()));
create policy commissions_require_aal on public.commissions
  as restrictive for all to authenticated
  using ((select public.has_required_aal())) with check ((select public.has_required_aal()));
create policy stripe_events_require_aal on public.stripe_events
  as restrictive for all to authenticated
  using ((select public.has_required_aal())) with check ((select public.has_required_aal()));
create policy role_change_audit_require_aal on public.role_change_audit
  as restrictive for all to authenticated
  using ((select public.has_required_aal())) with check ((select public.has_required_aal()));
create policy engagement_metrics_require_aal on public.engagement_metrics
  as restrictive for all to authenticated
  using ((select public.has_required_aal())) with check ((select public.has_required_aal()));
