-- Engagement metrics (spec §7): page load times, demo views and client-side errors, written only
-- by the track-engagement function with the service role; admins may read them.

create table public.engagement_metrics (
  id bigint generated always as identity primary key,
  metric_type text not null check (metric_type in ('page_load_time', 'demo_view', 'error')),
  metric_value double precision,
  metadata jsonb not null default '{}'::jsonb check (jsonb_typeof(metadata) = 'object'),
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table public.engagement_metrics is
  'Client engagement metrics recorded by the track-engagement edge function (service role only).';

create index engagement_metrics_type_created_idx on public.engagement_metrics (metric_type, created_at desc);
create index engagement_metrics_user_idx on public.engagement_metrics (user_id) where user_id is not null;

alter table public.engagement_metrics enable row level security;

-- Only the service role (which bypasses RLS) writes; the API roles may at most read.
revoke insert, update, delete, truncate on public.engagement_metrics from anon, authenticated;

-- Admins read metrics. public.is_admin() is defined by the profiles migration that runs after this
-- one, so the check is resolved when the policy is evaluated, not when it is created.
create function public.can_read_engagement_metrics()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return public.is_admin();
end;
$$;

revoke execute on function public.can_read_engagement_metrics() from public, anon;

create policy "Admins read engagement metrics"
  on public.engagement_metrics for select
  to authenticated
  using ((select public.can_read_engagement_metrics()));
