-- Storage buckets and their policies. Files live under a folder named after the uploader's user id
-- (e.g. avatars/<uid>/me.png), which the policies check.
--   avatars         public  profile pictures, any signed-in user in their own folder
--   product-images  public  product photos, merchants in their own folder
--   claim-evidence  private evidence documents for sustainability claims, readable by the merchant
--                           and admins only
-- SVG is not accepted for uploads (it can carry scripts).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('avatars', 'avatars', true, 2097152, array['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  ('product-images', 'product-images', true, 5242880, array['image/png', 'image/jpeg', 'image/webp']),
  ('claim-evidence', 'claim-evidence', false, 10485760, array['application/pdf', 'image/png', 'image/jpeg'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy verdant_avatars_select on storage.objects
  for select to anon, authenticated using (bucket_id = 'avatars');
create policy verdant_avatars_insert on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy verdant_avatars_update on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy verdant_avatars_delete on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and ((storage.foldername(name))[1] = (select auth.uid())::text or (select public.is_admin())));

create policy verdant_product_images_select on storage.objects
  for select to anon, authenticated using (bucket_id = 'product-images');
create policy verdant_product_images_insert on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'product-images'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select public.current_user_role()) = 'merchant'
  );
create policy verdant_product_images_update on storage.objects
  for update to authenticated
  using (bucket_id = 'product-images' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'product-images' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy verdant_product_images_delete on storage.objects
  for delete to authenticated
  using (bucket_id = 'product-images' and ((storage.foldername(name))[1] = (select auth.uid())::text or (select public.is_admin())));

create policy verdant_claim_evidence_select on storage.objects
  for select to authenticated
  using (bucket_id = 'claim-evidence' and ((storage.foldername(name))[1] = (select auth.uid())::text or (select public.is_admin())));
create policy verdant_claim_evidence_insert on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'claim-evidence'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select public.current_user_role()) = 'merchant'
  );
create policy verdant_claim_evidence_update on storage.objects
  for update to authenticated
  using (bucket_id = 'claim-evidence' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'claim-evidence' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy verdant_claim_evidence_delete on storage.objects
  for delete to authenticated
  using (bucket_id = 'claim-evidence' and ((storage.foldername(name))[1] = (select auth.uid())::text or (select public.is_admin())));
