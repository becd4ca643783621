-- Review decisions say why, a merchant is approved only once its onboarding is finished, and a
-- rejected merchant can send its company again.
--
-- 1. merchant_profiles.rejection_reason and products.rejection_reason: the administrator's reason
--    for rejecting the company or the product (1–2000 characters, optional), which the merchant
--    reads with its own row. Only administrators write it: the guard triggers refuse a change from
--    anyone else and drop it from a merchant's insert. A reason belongs to a rejected row (check
--    constraint); when the row leaves `rejected` (approved, sent again, back to draft) the reason of
--    that rejection is cleared, unless the same change sets one, which the constraint then judges.
-- 2. Approving a merchant whose onboarding is not complete is refused with "Only merchants who
--    finished onboarding can be approved" (23514): the admin queue lists finished companies, and the
--    database holds the rule for every caller. Rows written directly (seed, imports, tests) are not
--    affected; the rule applies to the change into `approved`.
-- 3. complete_onboarding() sends a rejected merchant back to `pending`: finishing onboarding again is
--    how a rejected company asks for a new review. Approved and suspended companies keep their
--    status (suspension is the administrators' decision alone).

-- 1. Columns ------------------------------------------------------------------------------------

alter table public.merchant_profiles
  add column rejection_reason text
    constraint merchant_profiles_rejection_reason_length
      check (rejection_reason is null or (length(btrim(rejection_reason)) > 0 and length(rejection_reason) <= 2000)),
  add constraint merchant_profiles_rejection_reason_only_rejected
    check (rejection_reason is null or approval_status = 'rejected');

comment on column public.merchant_profiles.rejection_reason is
  'Why an administrator rejected the company (1–2000 characters, optional), shown to the merchant; only on a rejected row, cleared when it leaves rejected.';

alter table public.products
  add column rejection_reason text
    constraint products_rejection_reason_length
      check (rejection_reason is null or (length(btrim(rejection_reason)) > 0 and length(rejection_reason) <= 2000)),
  add constraint products_rejection_reason_only_rejected
    check (rejection_reason is null or status = 'rejected');

comment on column public.products.rejection_reason is
  'Why an administrator rejected the product (1–2000 characters, optional), shown to the merchant; only on a rejected row, cleared when it leaves rejected.';

-- 1 and 2. Guard triggers --------------------------------------------------------------------------

-- The rules of 20261122000300 unchanged, plus: the reason is an administrator's field, an unfinished
-- merchant is never approved, and a reason does not outlive its rejection.
create or replace function public.merchant_profiles_guard_review()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_admin() then
    if tg_op = 'INSERT' then
      new.approval_status := 'pending';
      new.approved_at := null;
      new.approved_by := null;
      new.rejection_reason := null;
    elsif new.approval_status is distinct from old.approval_status
       or new.approved_at is distinct from old.approved_at
       or new.approved_by is distinct from old.approved_by
       or new.rejection_reason is distinct from old.rejection_reason then
      raise exception 'Only administrators can approve merchants' using errcode = '42501';
    end if;
    if tg_op = 'INSERT' or new.onboarding_step is distinct from old.onboarding_step then
      if new.onboarding_step = 'complete' then
        raise exception 'Finish onboarding with complete_onboarding()' using errcode = '42501';
      end if;
    end if;
  end if;
  if tg_op = 'UPDATE' and new.approval_status is distinct from old.approval_status then
    if new.approval_status = 'approved' and new.onboarding_step is distinct from 'complete' then
      raise exception 'Only merchants who finished onboarding can be approved'
        using errcode = '23514',
              hint = 'The merchant finishes its onboarding first (complete_onboarding()).';
    end if;
    if new.approval_status <> 'rejected'
       and new.rejection_reason is not distinct from old.rejection_reason then
      new.rejection_reason := null;
    end if;
  end if;
  if tg_op = 'UPDATE' and new.approval_status = 'approved' and old.approval_status is distinct from 'approved' then
    new.approved_at := coalesce(new.approved_at, now());
    new.approved_by := coalesce(new.approved_by, auth.uid());
  end if;
  return new;
end;
$$;

create or replace function public.products_guard_review()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_admin() then
    if new.status in ('approved', 'rejected')
       and (tg_op = 'INSERT' or new.status is distinct from old.status) then
      raise exception 'Only administrators can approve or reject products' using errcode = '42501';
    end if;
    if tg_op = 'UPDATE'
       and ((new.reviewed_by, new.reviewed_at) is distinct from (old.reviewed_by, old.reviewed_at)
            or new.rejection_reason is distinct from old.rejection_reason) then
      raise exception 'Only administrators can approve or reject products' using errcode = '42501';
    end if;
    if tg_op = 'INSERT' then
      new.reviewed_by := null;
      new.reviewed_at := null;
      new.rejection_reason := null;
    end if;
  elsif tg_op = 'UPDATE' and new.status is distinct from old.status and new.status in ('approved', 'rejected') then
    new.reviewed_at := now();
    new.reviewed_by := coalesce(auth.uid(), new.reviewed_by);
  end if;
  if tg_op = 'UPDATE' and new.status is distinct from old.status and new.status <> 'rejected'
     and new.rejection_reason is not distinct from old.rejection_reason then
    new.rejection_reason := null;
  end if;
  return new;
end;
$$;

-- 3. Sending a rejected company again -------------------------------------------------------------

-- As in 20261122000300, and a rejected merchant goes back to `pending` for a new review.
create or replace function public.complete_onboarding()
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.profiles;
  company public.merchant_profiles;
begin
  select * into me from public.profiles where id = auth.uid() for update;
  if me.id is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if me.role = 'merchant' then
    select * into company from public.merchant_profiles where id = me.id for update;
    if company.id is null or company.website is null then
      raise exception 'Add your company name and website before finishing onboarding' using errcode = '23514';
    end if;
    if not exists (select 1 from public.sustainability_claims c where c.merchant_id = me.id) then
      raise exception 'Add at least one sustainability claim with evidence before finishing onboarding'
        using errcode = '23514';
    end if;
    update public.merchant_profiles
    set onboarding_step = 'complete',
        approval_status = case when approval_status = 'rejected' then 'pending' else approval_status end
    where id = me.id;
  end if;
  update public.profiles set has_completed_onboarding = true where id = me.id returning * into me;
  return me;
end;
$$;
