-- Realtime: the tables whose changes clients may subscribe to (postgres_changes).
--
-- Hosted Supabase creates the `supabase_realtime` publication with every project; the local stack
-- creates it at start as well. This migration creates it only where it is missing, so it applies
-- unchanged to both. Changes are delivered only to subscribers whose role may SELECT the row under
-- the table's RLS policies.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- The messages tables (new messages, read marks, unread counts) and commissions (new sales for
-- an affiliate). Added only when not yet members, so the migration can run on a project where
-- someone enabled realtime for them in the dashboard already (or publishes all tables).
do $$
declare
  t text;
begin
  foreach t in array array['conversations', 'messages', 'commissions'] loop
    if not exists (
      select 1 from pg_catalog.pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;

-- UPDATE and DELETE events carry the whole old row (not only the primary key): clients see what
-- changed, and the RLS check of a deleted row can evaluate its policies on the full old image.
alter table public.conversations replica identity full;
alter table public.messages replica identity full;
alter table public.commissions replica identity full;
