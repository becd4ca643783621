-- Creation times are the server's: rows written through the API get created_at = now() (and the
-- other "when it happened" stamps), and an update keeps the original created_at. Server code (the
-- service role, functions, the seed) may still set them, e.g. to import history.

create or replace function public.stamp_server_times()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  stamps jsonb := '{}'::jsonb;
  row_json jsonb := to_jsonb(new);
  column_name text;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    foreach column_name in array tg_argv loop
      if row_json ? column_name then
        stamps := stamps || jsonb_build_object(column_name, now());
      end if;
    end loop;
  else
    foreach column_name in array tg_argv loop
      if row_json ? column_name and column_name <> 'updated_at' then
        stamps := stamps || jsonb_build_object(column_name, to_jsonb(old) -> column_name);
      end if;
    end loop;
  end if;
  return jsonb_populate_record(new, stamps);
end;
$$;

do $$
declare
  target record;
begin
  for target in
    select * from (values
      ('merchant_profiles', array['created_at', 'updated_at']),
      ('sustainability_claims', array['created_at', 'updated_at']),
      ('products', array['created_at', 'updated_at']),
      ('affiliate_programs', array['created_at', 'updated_at']),
      ('program_memberships', array['created_at', 'updated_at']),
      ('affiliate_links', array['created_at', 'updated_at']),
      ('link_pages', array['created_at', 'updated_at']),
      ('link_page_items', array['created_at']),
      ('storefronts', array['created_at', 'updated_at']),
      ('storefront_items', array['created_at']),
      ('courses', array['created_at', 'updated_at']),
      ('course_modules', array['created_at', 'updated_at']),
      ('enrollments', array['enrolled_at']),
      ('module_progress', array['completed_at']),
      ('posts', array['created_at', 'updated_at']),
      ('comments', array['created_at', 'updated_at']),
      ('reactions', array['created_at']),
      ('reports', array['created_at']),
      ('conversations', array['created_at']),
      ('messages', array['created_at'])
    ) as t(table_name, columns)
  loop
    execute format(
      'create trigger stamp_server_times before insert or update on public.%I
         for each row execute function public.stamp_server_times(%s)',
      target.table_name,
      (select string_agg(quote_literal(c), ', ') from unnest(target.columns) c)
    );
  end loop;
end;
$$;
