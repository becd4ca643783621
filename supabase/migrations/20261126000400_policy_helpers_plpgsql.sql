-- The SECURITY DEFINER helpers that policies, triggers and functions call, and the reads the API
-- calls as RPC, become PL/pgSQL.
--
-- A SQL-language function that cannot be inlined (SECURITY DEFINER ones never are) is parsed and
-- planned again in every statement that calls it; PL/pgSQL keeps its plans for the session. Under
-- the API every request is a new statement, so each helper call cost a fresh plan: measured on
-- the local stack (Postgres 17), 175-240 µs per call of is_admin(), has_required_aal() or
-- is_conversation_participant() as SQL against 22-32 µs as PL/pgSQL. A request through PostgREST
-- calls several (is_admin() alone appears in 74 policies), and realtime checks every change it
-- delivers under the subscriber's policies. Called once per row inside one statement, both cost
-- about the same (14-17 µs per row), since the SQL version's plan then lasts for the statement.
--
-- Each function keeps its arguments, result, body, volatility (stable), SECURITY DEFINER and
-- empty search_path; only the language changes. `#variable_conflict use_column` keeps SQL's rule
-- that a column name wins over an argument of the same name. Scalar bodies are single-row
-- queries (exists, a primary-key lookup, limit 1 or one call), so `return (…)` returns what the
-- SQL function returned, null included; set-returning ones `return query` their query. Grants
-- and comments stay with the functions.
do $$
declare
  fn regprocedure;
  p record;
  body text;
begin
  foreach fn in array array[
    'public.active_link_code_for_product(uuid, uuid)',
    'public.can_open_conversation(uuid, uuid)',
    'public.can_post()',
    'public.current_user_role()',
    'public.has_required_aal()',
    'public.is_admin()',
    'public.is_approved_merchant(uuid)',
    'public.is_conversation_participant(uuid)',
    'public.is_conversation_partner(uuid)',
    'public.is_enrolled_in_module_course(uuid)',
    'public.is_program_member(uuid)',
    'public.is_program_partner(uuid)',
    'public.is_public_product(uuid)',
    'public.is_published_course(uuid)',
    'public.is_published_link_page(uuid)',
    'public.is_published_storefront(uuid)',
    'public.is_service_or_admin()',
    'public.is_visible_comment(uuid)',
    'public.is_visible_post(uuid)',
    'public.my_link_ids()',
    'public.my_order_ids()',
    'public.my_program_link_ids()',
    'public.owns_link(uuid)',
    'public.owns_link_page(uuid)',
    'public.owns_program(uuid)',
    'public.owns_storefront(uuid)',
    'public.storefront_limit_for(uuid)',
    'public.user_role_of(uuid)',
    -- The reads the API calls as RPC (one plan per call as SQL, too).
    'public.marketing_figures()',
    'public.merchant_affiliates()',
    'public.my_conversations()',
    'public.public_link_page_items(text)',
    'public.public_program_terms(integer)',
    'public.public_storefront_items(text)',
    'public.revenue_transparency(integer)',
    'public.verify_certificate(text)'
  ]::regprocedure[] loop
    select pr.proname, pr.prosrc, pr.proretset, pr.provolatile, pr.prosecdef, pr.proconfig, l.lanname,
           pg_get_function_arguments(pr.oid) as args, pg_get_function_result(pr.oid) as result
      into p
      from pg_proc pr join pg_language l on l.oid = pr.prolang
      where pr.oid = fn;
    if p.lanname <> 'sql' or p.provolatile <> 's' or not p.prosecdef
       or p.proconfig is distinct from array['search_path=""'] then
      raise exception '% is not a stable SECURITY DEFINER SQL function with an empty search_path', fn;
    end if;
    body := regexp_replace(btrim(p.prosrc, E' \n\t'), ';\s*$', '');
    execute format(
      'create or replace function public.%I(%s) returns %s language plpgsql stable security definer '
        'set search_path = '''' as %L',
      p.proname, p.args, p.result,
      E'#variable_conflict use_column\nbegin\n  '
        || case when p.proretset then 'return query ' || body || ';' else 'return (' || body || ');' end
        || E'\nend');
  end loop;
end;
$$;
