-- Merchant onboarding keeps the company's sustainability statement: a short, plain account of what
-- the company does differently, shown with its verified claims. Owners write it like the other
-- company fields (RLS of merchant_profiles applies unchanged).

alter table public.merchant_profiles
  add column sustainability_statement text
    check (sustainability_statement is null or length(btrim(sustainability_statement)) between 20 and 4000);

comment on column public.merchant_profiles.sustainability_statement is
  'The merchant''s own account of its sustainability practice (20–4000 characters), written during onboarding.';
