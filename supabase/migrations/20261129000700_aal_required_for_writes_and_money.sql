-- Two-step verification, enforced in Postgres for everything a user changes and for their money.
--
-- 20261123000110 made admin powers, change_user_role() and a few sensitive tables (payouts,
-- commissions, stripe_events, role_change_audit, engagement_metrics) need an aal2 token once the
-- user has a verified MFA factor. Everything else still answered a password-only (aal1) token of
-- such a user as if the second step had been taken: the profile, links, storefronts and every
-- other row the user owns could be changed, and the dashboards showed their money. Now, for a
-- user with a verified factor and a token below aal2 (`public.has_required_aal()` false):
--   * no INSERT, UPDATE or DELETE on any public table with row-level security, through a
--     restrictive policy per table and command (below, generated over the tables), nor on
--     storage objects (avatars, product pictures, claim evidence);
--   * no read of their money: the commission roll-ups (commission_daily, commission_balances),
--     orders and order items show no rows;
--   * the SECURITY DEFINER functions that return the caller's money or dashboard data
--     (affiliate_dashboard, merchant_dashboard, merchant_affiliates) or write for the caller
--     (complete_onboarding, issue_certificate) refuse with 42501 'Multi-factor authentication
--     required (aal2)', the message change_user_role() gives.
-- Users without a verified factor keep working at aal1, and visitors (no token) are untouched:
-- public reads (shop, storefronts, link pages, courses) and writes open to anyone (the contact
-- form) stay as they were.

-- Writes. One restrictive policy per RLS table and command; a command that a permissive policy
-- opens to visitors (anon or public) gets none, since a visitor's request carries no level at
-- all, and tables whose restrictive policy already covers every command keep that one.
do $$
declare
  t record;
  op text;
  gate constant text := '(select public.has_required_aal())';
begin
  for t in
    select c.oid::regclass as rel, c.relname
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
    order by c.relname
  loop
    continue when exists (
      select 1 from pg_policies p
      where p.schemaname = 'public' and p.tablename = t.relname
        and p.permissive = 'RESTRICTIVE' and p.cmd = 'ALL'
        and p.qual like '%has_required_aal()%'
    );
    foreach op in array array['insert', 'update', 'delete'] loop
      continue when exists (
        select 1 from pg_policies p
        where p.schemaname = 'public' and p.tablename = t.relname
          and p.permissive = 'PERMISSIVE' and p.cmd in (upper(op), 'ALL')
          and p.roles && array['anon', 'public']::name[]
      );
      execute format(
        'create policy %I on %s as restrictive for %s to authenticated %s',
        t.relname || '_' || op || '_require_aal',
        t.rel,
        op,
        case op
          when 'insert' then format('with check (%s)', gate)
          when 'update' then format('using (%s) with check (%s)', gate, gate)
          else format('using (%s)', gate)
        end
      );
    end loop;
  end loop;
end
$$;

create policy verdant_objects_insert_require_aal on storage.objects
  as restrictive for insert to authenticated
  with check ((select public.has_required_aal()));
create policy verdant_objects_update_require_aal on storage.objects
  as restrictive for update to authenticated
  using ((select public.has_required_aal())) with check ((select public.has_required_aal()));
create policy verdant_objects_delete_require_aal on storage.objects
  as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

-- Money read straight from the tables: the affiliate's roll-ups, and orders (a merchant's
-- revenue, a buyer's purchases) with their items.
create policy commission_daily_select_require_aal on public.commission_daily
  as restrictive for select to authenticated using ((select public.has_required_aal()));
create policy commission_balances_select_require_aal on public.commission_balances
  as restrictive for select to authenticated using ((select public.has_required_aal()));
create policy orders_select_require_aal on public.orders
  as restrictive for select to authenticated using ((select public.has_required_aal()));
create policy order_items_select_require_aal on public.order_items
  as restrictive for select to authenticated using ((select public.has_required_aal()));

-- The functions: the check goes first in each body, as each stands after the earlier migrations
-- (their arguments, results, grants and comments are kept; only the check is added).
do $$
declare
  fn regprocedure;
  def text;
  checked text;
begin
  foreach fn in array array[
    'public.affiliate_dashboard(integer)',
    'public.merchant_dashboard(integer, uuid)',
    'public.merchant_affiliates()',
    'public.complete_onboarding()',
    'public.issue_certificate(uuid)'
  ]::regprocedure[] loop
    def := pg_get_functiondef(fn);
    if position(E'\nbegin\n' in def) = 0 then
      raise exception 'No top-level begin in %', fn;
    end if;
    checked := regexp_replace(
      def,
      E'\nbegin\n',
      E'\nbegin\n'
        || E'  if not public.has_required_aal() then\n'
        || E'    raise exception ''Multi-factor authentication required (aal2)'' using errcode = ''42501'';\n'
        || E'  end if;\n'
    );
    execute checked;
  end loop;
end
$$;
