-- A certificate's check names its course's address too, so the certificate page can link to the
-- course it proves (it used to find the course by its title). Still only the holder's public name,
-- the course and the date are revealed.

drop function public.verify_certificate(text);

create function public.verify_certificate(certificate_code text)
returns table (holder_name text, course_title text, course_slug text, issued_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  return query
    select p.name, c.title, c.slug, cert.issued_at
    from public.certificates cert
    join public.profiles p on p.id = cert.user_id
    join public.courses c on c.id = cert.course_id
    where cert.code = upper(certificate_code);
end;
$$;

comment on function public.verify_certificate(text) is
  'Anyone: the holder''s public name, the course (title and slug) and the date of a certificate code.';

revoke execute on function public.verify_certificate(text) from public;
grant execute on function public.verify_certificate(text) to anon, authenticated;
