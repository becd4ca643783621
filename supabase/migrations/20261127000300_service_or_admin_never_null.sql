-- is_service_or_admin() answers false, never null, for a caller without JWT claims.
--
-- auth.role() is null when `request.jwt.claims` is unset (a session that set its role but no
-- claims), and `null or false` is null. The functions guard themselves with
-- `if not public.is_service_or_admin() then raise …`, and `not null` is null, so the guard let
-- such a caller through: create_payout, mark_payout_paid and release_due_commissions would run.
-- PostgREST always sets claims, so no API caller could reach this; the guard now holds for every
-- session. Arguments, volatility, SECURITY DEFINER, search_path, grants and comment are unchanged.
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
