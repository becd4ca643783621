-- Private profile fields, the conversation rule and two role oracles.
--
-- 1. A profile's subscription, onboarding and role fields are readable only by their owner and by
--    administrators. Everyone else (program and conversation partners included) reads the public
--    face of a profile through public.public_profiles: id, username, name, profile_image and bio.
--    The view no longer shows the role, so it cannot be used to list the administrators.
-- 2. A conversation exists only where the affiliate has a membership (pending or approved) in one
--    of the merchant's programs, or where an administrator opens it.
-- 3. user_role_of() and count_admins_excluding() no longer answer ordinary users.
-- 4. A course without modules never issues a certificate.

-- 1. Private profile fields ---------------------------------------------------------------------

drop policy if exists profiles_select_program_partner on public.profiles;
drop policy if exists profiles_select_conversation_partner on public.profiles;

drop view if exists public.public_profiles;

create view public.public_profiles
with (security_barrier = true)
as
  select id, username, name, profile_image, bio
  from public.profiles;

comment on view public.public_profiles is
  'The public face of every profile (id, username, name, profile_image, bio): what other users, public pages and author names read. Private fields stay in profiles, readable by the owner and administrators.';

revoke all on public.public_profiles from anon, authenticated;
grant select on public.public_profiles to anon, authenticated, service_role;

-- 2. Conversations --------------------------------------------------------------------------------

-- Whether the caller may open a conversation between this merchant and this affiliate: an
-- administrator may open any merchant–affiliate conversation; a merchant or an affiliate only one
-- they take part in, and only where the affiliate has a pending or approved membership in one of
-- the merchant's programs. Answers only about conversations the caller could open.
create or replace function public.can_open_conversation(merchant uuid, affiliate uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select
    exists (select 1 from public.profiles p where p.id = merchant and p.role = 'merchant')
    and exists (select 1 from public.profiles p where p.id = affiliate and p.role = 'affiliate')
    and (
      public.is_admin()
      or (
        auth.uid() in (merchant, affiliate)
        and exists (
          select 1
          from public.program_memberships m
          join public.affiliate_programs ap on ap.id = m.program_id
          where ap.merchant_id = merchant
            and m.affiliate_id = affiliate
            and m.status in ('pending', 'approved')
        )
      )
    )
$$;

revoke execute on function public.can_open_conversation(uuid, uuid) from public, anon;
grant execute on function public.can_open_conversation(uuid, uuid) to authenticated, service_role;

drop policy if exists conversations_insert_participant on public.conversations;
create policy conversations_insert_participant on public.conversations
  for insert to authenticated
  with check (public.can_open_conversation(merchant_id, affiliate_id));

-- 3. Role oracles ---------------------------------------------------------------------------------

revoke execute on function public.user_role_of(uuid) from public, anon, authenticated;

-- Only administrators (and the service role) learn how many other administrators there are;
-- for anyone else the answer would reveal who the administrators are.
create or replace function public.count_admins_excluding(excluded_id uuid)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (auth.role() = 'service_role' or public.is_admin()) then
    raise exception 'Only administrators can count administrators' using errcode = '42501';
  end if;
  return (
    select count(*)::integer
    from public.profiles
    where role = 'admin' and id is distinct from excluded_id
  );
end;
$$;

revoke execute on function public.count_admins_excluding(uuid) from public, anon;
grant execute on function public.count_admins_excluding(uuid) to authenticated, service_role;

-- 4. Certificates need at least one module ---------------------------------------------------------

create or replace function public.issue_certificate(course uuid)
returns public.certificates
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  cert public.certificates;
  missing integer;
begin
  if me is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if not exists (select 1 from public.enrollments e where e.course_id = course and e.user_id = me) then
    raise exception 'Enroll in the course first' using errcode = '23514';
  end if;
  if not exists (select 1 from public.course_modules m where m.course_id = course) then
    raise exception 'This course has no modules yet' using errcode = '23514';
  end if;
  select count(*) into missing
  from public.course_modules m
  where m.course_id = course
    and not exists (select 1 from public.module_progress p where p.module_id = m.id and p.user_id = me);
  if missing > 0 then
    raise exception 'Complete every module first (% left)', missing using errcode = '23514';
  end if;

  select * into cert from public.certificates c where c.user_id = me and c.course_id = course;
  if cert.id is null then
    insert into public.certificates (user_id, course_id, code)
    values (me, course, (
      select string_agg(substr(h, i, 4), '-' order by i)
      from (select upper(encode(extensions.gen_random_bytes(6), 'hex')) as h) x,
           generate_series(1, 9, 4) as i
    ))
    returning * into cert;
    update public.enrollments set completed_at = now()
    where course_id = course and user_id = me and completed_at is null;
  end if;
  return cert;
end;
$$;

revoke execute on function public.issue_certificate(uuid) from public, anon;
grant execute on function public.issue_certificate(uuid) to authenticated;
