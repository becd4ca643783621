-- Moderation reports: one open report per reporter and post or comment, none about one's own
-- content, and none left open once moderators have hidden or removed what they are about.
--
-- Before, a member could report the same post again and again (each report another row in the
-- moderators' queue), could report their own post, and the other open reports on a post stayed in
-- the queue after a moderator removed it.

-- One open report per reporter and target: a second one is a unique violation (the API's
-- `conflict`). A closed report does not count, so content can be reported again later.
create unique index reports_one_open_per_post on public.reports (reporter_id, post_id)
  where status = 'open' and post_id is not null;
create unique index reports_one_open_per_comment on public.reports (reporter_id, comment_id)
  where status = 'open' and comment_id is not null;

-- Nobody reports their own post or comment: the insert policy refuses it, like any other report
-- a member may not file.
create or replace function public.is_own_content(post uuid, comment uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.posts p where p.id = post and p.author_id = auth.uid())
    or exists (select 1 from public.comments c where c.id = comment and c.author_id = auth.uid());
end;
$$;

revoke execute on function public.is_own_content(uuid, uuid) from public, anon;
grant execute on function public.is_own_content(uuid, uuid) to authenticated;

drop policy reports_insert_own on public.reports;
create policy reports_insert_own on public.reports
  for insert to authenticated
  with check (
    reporter_id = (select auth.uid()) and status = 'open' and reviewed_by is null and reviewed_at is null
    and ((post_id is not null and public.is_visible_post(post_id))
      or (comment_id is not null and public.is_visible_comment(comment_id)))
    and not public.is_own_content(post_id, comment_id)
  );

-- Hidden or removed content leaves no open report behind: they are actioned with it (by the
-- moderator who acted, through reports_set_review).
create or replace function public.reports_close_on_moderation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('hidden', 'removed') and new.status is distinct from old.status then
    if tg_table_name = 'posts' then
      update public.reports set status = 'actioned' where post_id = new.id and status = 'open';
    else
      update public.reports set status = 'actioned' where comment_id = new.id and status = 'open';
    end if;
  end if;
  return null;
end;
$$;

create trigger posts_close_reports
  after update of status on public.posts
  for each row execute function public.reports_close_on_moderation();
create trigger comments_close_reports
  after update of status on public.comments
  for each row execute function public.reports_close_on_moderation();

revoke execute on function public.reports_close_on_moderation() from public, anon, authenticated;
