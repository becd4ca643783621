-- Administrators find users by email too.
--
-- A user's email address lives in auth.users, which the API roles cannot read. admin_list_users()
-- gives administrators (is_admin(), so aal2 where the admin has a verified factor) every profile's
-- private fields, which they already read through profiles, plus the sign-in email. Anyone else gets
-- 42501. `search` matches part of the name, the username or the email, case-insensitively, as plain
-- text (no pattern characters); empty or null lists everyone. The caller filters, orders and pages
-- the result like a table (PostgREST applies `role=eq.…`, `order`, `limit` and counts).

create or replace function public.admin_list_users(search text default null)
returns table (
  id uuid,
  name text,
  username text,
  email text,
  role text,
  has_completed_onboarding boolean,
  profile_image text,
  has_active_subscription boolean,
  subscription_tier text,
  subscription_end_date timestamptz,
  created_at timestamptz,
  updated_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  term text := lower(btrim(coalesce(search, '')));
begin
  if not coalesce(public.is_admin(), false) then
    raise exception 'Only administrators can list users with their email addresses' using errcode = '42501';
  end if;
  if length(term) > 100 then
    raise exception 'The search must be at most 100 characters' using errcode = '22023';
  end if;
  return query
    select p.id, p.name, p.username, u.email::text, p.role, p.has_completed_onboarding,
           p.profile_image, p.has_active_subscription, p.subscription_tier, p.subscription_end_date,
           p.created_at, p.updated_at
    from public.profiles p
    left join auth.users u on u.id = p.id
    where term = ''
       or strpos(lower(p.name), term) > 0
       or strpos(p.username, term) > 0
       or strpos(lower(coalesce(u.email::text, '')), term) > 0;
end;
$$;

comment on function public.admin_list_users(text) is
  'Administrators only: every profile with its sign-in email, optionally matching part of the name, username or email.';

revoke execute on function public.admin_list_users(text) from public, anon;
grant execute on function public.admin_list_users(text) to authenticated;
