-- Payouts on a schedule. `run_payouts()` refuses every caller but an administrator or the service
-- role; a scheduled job has no JWT, so it calls this wrapper, which runs as the service role. Only
-- the database owner (the scheduler) and the service role may execute it.
--
-- Where pg_cron is available (hosted Supabase), the job is scheduled here: every day at 06:00 UTC.
-- The local stack has no pg_cron; it runs the same function at the same time itself
-- (VERDANT_PAYOUT_TIME, see packages/local-stack).
create or replace function public.run_scheduled_payouts(minimum_cents integer default 1000)
returns setof public.payouts
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('request.jwt.claims', '{"role":"service_role"}', true);
  perform set_config('request.jwt.claim.role', 'service_role', true);
  return query select * from public.run_payouts(now(), minimum_cents, 'USD');
end;
$$;

comment on function public.run_scheduled_payouts(integer) is
  'The daily payout run of the scheduler (pg_cron on hosted Supabase, the local stack''s timer): run_payouts() as the service role.';

revoke execute on function public.run_scheduled_payouts(integer) from public, anon, authenticated;
grant execute on function public.run_scheduled_payouts(integer) to service_role;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('verdant-daily-payouts', '0 6 * * *', 'select public.run_scheduled_payouts()');
  end if;
end;
$$;
