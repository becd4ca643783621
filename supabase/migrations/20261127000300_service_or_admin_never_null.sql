-- The administrator checks answer false, never null, for a caller without JWT claims.
--
-- auth.role() is null when `request.jwt.claims` is unset (a session that set its role but no
-- claims), and `null or false` is null. The functions guard themselves with
-- `if not <check> then raise …`, and `not null` is null, so such a caller got through:
-- create_payout, mark_payout_paid, release_due_commissions and run_payouts would run,
-- count_admins_excluding would answer, and change_user_role would change a role. PostgREST always
-- sets claims, so no API caller could reach this; the guards now hold for every session. The
-- scheduler keeps running payouts through run_scheduled_payouts(), which sets the service role's
-- claims. Arguments, volatility, SECURITY DEFINER, search_path, grants and comments are unchanged.
create or replace function public.is_service_or_admin()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(auth.role() = 'service_role', false) or coalesce(public.is_admin(), false);
end;
$$;

create or replace function public.count_admins_excluding(excluded_id uuid)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_service_or_admin() then
    raise exception 'Only administrators can count administrators' using errcode = '42501';
  end if;
  return (
    select count(*)::integer
    from public.profiles
    where role = 'admin' and id is distinct from excluded_id
  );
end;
$$;

-- change_user_role: the rules of 20261123000110 unchanged; the administrator check is the shared one.
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

  actor_is_admin := public.is_service_or_admin();

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
