-- Sign-up metadata of the wrong type is not stored as a name.
--
-- handle_new_user read the name with `meta ->> 'name'`, which turns any JSON value into text: a
-- sign-up with "data": {"name": {"x": 1}} got the profile name '{"x": 1}'. Now the name, the full
-- name and the username are taken from the metadata only when they are JSON strings; anything
-- else is treated as missing, so the name falls back to the email as it does without one. The
-- role was already safe (only the strings "affiliate" and "merchant" are taken).
-- The rest is as in 20261122000200_profiles_and_roles.sql.

create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  requested_role text := meta ->> 'role';
  display_name text := nullif(btrim(coalesce(
    case when jsonb_typeof(meta -> 'name') = 'string' then meta ->> 'name' end,
    case when jsonb_typeof(meta -> 'full_name') = 'string' then meta ->> 'full_name' end,
    '')), '');
  requested_username text :=
    case when jsonb_typeof(meta -> 'username') = 'string' then meta ->> 'username' end;
  base text;
  candidate text;
  attempt integer := 0;
begin
  -- Only affiliate and merchant can be chosen at sign-up; anything else (admin included) is affiliate.
  if requested_role is null or requested_role not in ('affiliate', 'merchant') then
    requested_role := 'affiliate';
  end if;
  display_name := left(coalesce(display_name, new.email, new.phone, 'Verdant member'), 200);

  base := public.username_base(coalesce(
    nullif(requested_username, ''),
    nullif(split_part(coalesce(new.email, ''), '@', 1), ''),
    display_name
  ));
  candidate := base;
  loop
    begin
      insert into public.profiles (id, name, username, role)
      values (new.id, display_name, candidate, requested_role);
      exit;
    exception when unique_violation then
      if exists (select 1 from public.profiles where id = new.id) then
        exit; -- the profile already exists (e.g. re-run of a seed); keep it
      end if;
      attempt := attempt + 1;
      if attempt > 20 then
        raise;
      end if;
      candidate := base || '-' || case
        when attempt < 5 then (attempt + 1)::text
        else substr(encode(extensions.gen_random_bytes(4), 'hex'), 1, 6)
      end;
    end;
  end loop;
  return new;
end;
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated;
