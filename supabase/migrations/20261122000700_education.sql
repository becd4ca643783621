-- Education: courses, their modules, enrollments, per-module progress and certificates.

create table public.courses (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (public.is_url_slug(slug)),
  title text not null check (length(btrim(title)) between 1 and 200),
  summary text check (summary is null or length(summary) <= 500),
  description text check (description is null or length(description) <= 8000),
  level text not null default 'beginner' check (level in ('beginner', 'intermediate', 'advanced')),
  audience text not null default 'everyone' check (audience in ('affiliate', 'merchant', 'everyone')),
  cover_image text check (cover_image is null or public.is_web_or_site_url(cover_image)),
  estimated_minutes integer check (estimated_minutes is null or estimated_minutes > 0),
  is_published boolean not null default false,
  author_id uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.courses is 'A course in the education area; public when published, written by admins.';

create trigger courses_set_updated_at
  before update on public.courses
  for each row execute function public.set_updated_at();

create table public.course_modules (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  position integer not null check (position >= 1),
  title text not null check (length(btrim(title)) between 1 and 200),
  body text not null default '' check (length(body) <= 50000),
  video_url text check (video_url is null or public.is_web_or_site_url(video_url)),
  duration_minutes integer check (duration_minutes is null or duration_minutes > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (course_id, position) deferrable initially deferred
);

comment on table public.course_modules is 'An ordered lesson of a course.';

create trigger course_modules_set_updated_at
  before update on public.course_modules
  for each row execute function public.set_updated_at();

create table public.enrollments (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  enrolled_at timestamptz not null default now(),
  completed_at timestamptz,
  unique (course_id, user_id)
);

comment on table public.enrollments is 'A user taking a course; completed_at is set when the certificate is issued.';

create index enrollments_user_idx on public.enrollments (user_id);

create table public.module_progress (
  user_id uuid not null references public.profiles (id) on delete cascade,
  module_id uuid not null references public.course_modules (id) on delete cascade,
  completed_at timestamptz not null default now(),
  primary key (user_id, module_id)
);

comment on table public.module_progress is 'A module a user has completed.';

create table public.certificates (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  course_id uuid not null references public.courses (id) on delete cascade,
  code text not null unique check (code ~ '^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$'),
  issued_at timestamptz not null default now(),
  unique (user_id, course_id)
);

comment on table public.certificates is 'Proof that a user completed every module of a course, with a verification code.';

create or replace function public.is_published_course(course uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.courses c where c.id = course and c.is_published)
$$;

create or replace function public.is_enrolled_in_module_course(module uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.course_modules m
    join public.enrollments e on e.course_id = m.course_id
    where m.id = module and e.user_id = auth.uid()
  )
$$;

-- Issues the caller's certificate once every module of the course is complete.
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

-- Anyone may check a certificate code; only the holder's public name and the course are revealed.
create or replace function public.verify_certificate(certificate_code text)
returns table (holder_name text, course_title text, issued_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select p.name, c.title, cert.issued_at
  from public.certificates cert
  join public.profiles p on p.id = cert.user_id
  join public.courses c on c.id = cert.course_id
  where cert.code = upper(certificate_code)
$$;

grant execute on function public.verify_certificate(text) to anon, authenticated;

-- Row-level security -----------------------------------------------------------------------------

alter table public.courses enable row level security;
alter table public.course_modules enable row level security;
alter table public.enrollments enable row level security;
alter table public.module_progress enable row level security;
alter table public.certificates enable row level security;

revoke insert, update, delete, truncate on public.certificates from anon, authenticated;

-- courses / course_modules: published ones are public; admins write and see drafts.
create policy courses_select_public on public.courses
  for select to anon, authenticated using (is_published);
create policy courses_select_admin on public.courses
  for select to authenticated using ((select public.is_admin()));
create policy courses_insert_admin on public.courses
  for insert to authenticated with check ((select public.is_admin()));
create policy courses_update_admin on public.courses
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy courses_delete_admin on public.courses
  for delete to authenticated using ((select public.is_admin()));

create policy course_modules_select_public on public.course_modules
  for select to anon, authenticated using (public.is_published_course(course_id));
create policy course_modules_select_admin on public.course_modules
  for select to authenticated using ((select public.is_admin()));
create policy course_modules_insert_admin on public.course_modules
  for insert to authenticated with check ((select public.is_admin()));
create policy course_modules_update_admin on public.course_modules
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy course_modules_delete_admin on public.course_modules
  for delete to authenticated using ((select public.is_admin()));

-- enrollments: a user enrolls itself in published courses, sees and leaves its own; admins see all.
create policy enrollments_select_own on public.enrollments
  for select to authenticated using (user_id = (select auth.uid()));
create policy enrollments_select_admin on public.enrollments
  for select to authenticated using ((select public.is_admin()));
create policy enrollments_insert_own on public.enrollments
  for insert to authenticated
  with check (user_id = (select auth.uid()) and completed_at is null and public.is_published_course(course_id));
create policy enrollments_delete_own on public.enrollments
  for delete to authenticated using (user_id = (select auth.uid()));
create policy enrollments_delete_admin on public.enrollments
  for delete to authenticated using ((select public.is_admin()));
revoke update on public.enrollments from anon, authenticated;

-- module_progress: a user records and clears its own progress in courses it is enrolled in.
create policy module_progress_select_own on public.module_progress
  for select to authenticated using (user_id = (select auth.uid()));
create policy module_progress_select_admin on public.module_progress
  for select to authenticated using ((select public.is_admin()));
create policy module_progress_insert_own on public.module_progress
  for insert to authenticated
  with check (user_id = (select auth.uid()) and public.is_enrolled_in_module_course(module_id));
create policy module_progress_delete_own on public.module_progress
  for delete to authenticated using (user_id = (select auth.uid()));
revoke update on public.module_progress from anon, authenticated;

-- certificates: the holder and admins read them; issue_certificate() writes them.
create policy certificates_select_own on public.certificates
  for select to authenticated using (user_id = (select auth.uid()));
create policy certificates_select_admin on public.certificates
  for select to authenticated using ((select public.is_admin()));
