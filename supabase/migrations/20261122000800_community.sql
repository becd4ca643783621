-- Community: posts, comments, reactions and reports for moderation.

create table public.posts (
  id uuid primary key default gen_random_uuid(),
  author_id uuid not null references public.profiles (id) on delete cascade,
  title text not null check (length(btrim(title)) between 3 and 200),
  body text not null check (length(btrim(body)) between 1 and 10000),
  category text not null default 'general'
    check (category in ('general', 'sustainability', 'marketing', 'products', 'announcements', 'help')),
  status text not null default 'published' check (status in ('published', 'hidden', 'removed')),
  is_pinned boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.posts is 'A community thread; public while published, hidden or removed by moderators.';

create index posts_feed_idx on public.posts (status, is_pinned desc, created_at desc);

create trigger posts_set_updated_at
  before update on public.posts
  for each row execute function public.set_updated_at();

create table public.comments (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.posts (id) on delete cascade,
  author_id uuid not null references public.profiles (id) on delete cascade,
  parent_id uuid references public.comments (id) on delete cascade,
  body text not null check (length(btrim(body)) between 1 and 5000),
  status text not null default 'published' check (status in ('published', 'hidden', 'removed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.comments is 'A reply to a post (optionally to another comment).';

create index comments_post_idx on public.comments (post_id, created_at);

create trigger comments_set_updated_at
  before update on public.comments
  for each row execute function public.set_updated_at();

create table public.reactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  post_id uuid references public.posts (id) on delete cascade,
  comment_id uuid references public.comments (id) on delete cascade,
  kind text not null check (kind in ('like', 'insightful', 'celebrate', 'support')),
  created_at timestamptz not null default now(),
  check ((post_id is null) <> (comment_id is null)),
  unique nulls not distinct (user_id, post_id, comment_id, kind)
);

comment on table public.reactions is 'A user''s reaction to a post or a comment (one of each kind per target).';

create index reactions_post_idx on public.reactions (post_id);
create index reactions_comment_idx on public.reactions (comment_id);

create table public.reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid references public.profiles (id) on delete set null,
  post_id uuid references public.posts (id) on delete cascade,
  comment_id uuid references public.comments (id) on delete cascade,
  reason text not null check (reason in ('spam', 'harassment', 'misinformation', 'greenwashing', 'other')),
  details text check (details is null or length(details) <= 2000),
  status text not null default 'open' check (status in ('open', 'dismissed', 'actioned')),
  reviewed_by uuid references public.profiles (id) on delete set null,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  check ((post_id is null) <> (comment_id is null))
);

comment on table public.reports is 'A moderation report about a post or comment, resolved by an admin.';

create index reports_open_idx on public.reports (status, created_at);

create or replace function public.is_visible_post(post uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.posts p where p.id = post and p.status = 'published')
$$;

create or replace function public.is_visible_comment(comment uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.comments c join public.posts p on p.id = c.post_id
    where c.id = comment and c.status = 'published' and p.status = 'published'
  )
$$;

-- Moderation fields (status, pinning) belong to admins; authors may only withdraw their own content.
create or replace function public.community_guard_moderation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_admin() then
    if tg_op = 'INSERT' then
      if new.status <> 'published' then
        raise exception 'New content is published; moderators hide or remove it' using errcode = '42501';
      end if;
      if tg_table_name = 'posts' then
        if new.is_pinned then
          raise exception 'Only moderators can pin posts' using errcode = '42501';
        end if;
      end if;
    else
      if new.status is distinct from old.status and not (old.status = 'published' and new.status = 'removed') then
        raise exception 'Only moderators can change this status' using errcode = '42501';
      end if;
      if tg_table_name = 'posts' then
        if new.is_pinned is distinct from old.is_pinned then
          raise exception 'Only moderators can pin posts' using errcode = '42501';
        end if;
      end if;
      if new.author_id is distinct from old.author_id then
        raise exception 'The author cannot change' using errcode = '42501';
      end if;
      if (to_jsonb(new) -> 'post_id', to_jsonb(new) -> 'parent_id')
         is distinct from (to_jsonb(old) -> 'post_id', to_jsonb(old) -> 'parent_id') then
        raise exception 'A comment stays where it was written' using errcode = '42501';
      end if;
    end if;
  end if;
  return new;
end;
$$;

create trigger posts_guard_moderation
  before insert or update on public.posts
  for each row execute function public.community_guard_moderation();
create trigger comments_guard_moderation
  before insert or update on public.comments
  for each row execute function public.community_guard_moderation();

create or replace function public.reports_set_review()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    new.reviewed_at := now();
    new.reviewed_by := coalesce(auth.uid(), new.reviewed_by);
  end if;
  return new;
end;
$$;

create trigger reports_set_review
  before update on public.reports
  for each row execute function public.reports_set_review();

-- Row-level security -----------------------------------------------------------------------------

alter table public.posts enable row level security;
alter table public.comments enable row level security;
alter table public.reactions enable row level security;
alter table public.reports enable row level security;

revoke update on public.reactions from anon, authenticated;

-- Members (every role but demo) take part; published content is public; admins moderate.
create or replace function public.can_post()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles p where p.id = auth.uid() and p.role in ('admin', 'affiliate', 'merchant')
  )
$$;

create policy posts_select_public on public.posts
  for select to anon, authenticated using (status = 'published');
create policy posts_select_own on public.posts
  for select to authenticated using (author_id = (select auth.uid()));
create policy posts_select_admin on public.posts
  for select to authenticated using ((select public.is_admin()));
create policy posts_insert_own on public.posts
  for insert to authenticated with check (author_id = (select auth.uid()) and (select public.can_post()));
create policy posts_update_own on public.posts
  for update to authenticated using (author_id = (select auth.uid())) with check (author_id = (select auth.uid()));
create policy posts_update_admin on public.posts
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy posts_delete_own on public.posts
  for delete to authenticated using (author_id = (select auth.uid()));
create policy posts_delete_admin on public.posts
  for delete to authenticated using ((select public.is_admin()));

create policy comments_select_public on public.comments
  for select to anon, authenticated using (status = 'published' and public.is_visible_post(post_id));
create policy comments_select_own on public.comments
  for select to authenticated using (author_id = (select auth.uid()));
create policy comments_select_admin on public.comments
  for select to authenticated using ((select public.is_admin()));
create policy comments_insert_own on public.comments
  for insert to authenticated
  with check (
    author_id = (select auth.uid()) and (select public.can_post()) and public.is_visible_post(post_id)
    and (parent_id is null or public.is_visible_comment(parent_id))
  );
create policy comments_update_own on public.comments
  for update to authenticated using (author_id = (select auth.uid())) with check (author_id = (select auth.uid()));
create policy comments_update_admin on public.comments
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy comments_delete_own on public.comments
  for delete to authenticated using (author_id = (select auth.uid()));
create policy comments_delete_admin on public.comments
  for delete to authenticated using ((select public.is_admin()));

create policy reactions_select_public on public.reactions
  for select to anon, authenticated
  using ((post_id is not null and public.is_visible_post(post_id))
      or (comment_id is not null and public.is_visible_comment(comment_id)));
create policy reactions_select_own on public.reactions
  for select to authenticated using (user_id = (select auth.uid()));
create policy reactions_select_admin on public.reactions
  for select to authenticated using ((select public.is_admin()));
create policy reactions_insert_own on public.reactions
  for insert to authenticated
  with check (
    user_id = (select auth.uid()) and (select public.can_post())
    and ((post_id is not null and public.is_visible_post(post_id))
      or (comment_id is not null and public.is_visible_comment(comment_id)))
  );
create policy reactions_delete_own on public.reactions
  for delete to authenticated using (user_id = (select auth.uid()));
create policy reactions_delete_admin on public.reactions
  for delete to authenticated using ((select public.is_admin()));

create policy reports_select_own on public.reports
  for select to authenticated using (reporter_id = (select auth.uid()));
create policy reports_select_admin on public.reports
  for select to authenticated using ((select public.is_admin()));
create policy reports_insert_own on public.reports
  for insert to authenticated
  with check (
    reporter_id = (select auth.uid()) and status = 'open' and reviewed_by is null and reviewed_at is null
    and ((post_id is not null and public.is_visible_post(post_id))
      or (comment_id is not null and public.is_visible_comment(comment_id)))
  );
create policy reports_update_admin on public.reports
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy reports_delete_admin on public.reports
  for delete to authenticated using ((select public.is_admin()));
