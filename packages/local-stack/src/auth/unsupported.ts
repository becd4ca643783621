import { notFound } from './errors.ts';

/*
 * Sign-in methods the local stack does not offer. Each answers exactly as hosted Supabase does
 * while the method is switched off, so clients meet the same error in both places
 * (docs/local-auth.md lists them).
 */

/** SAML single sign-on (`/sso`, `/sso/saml/*`, `/admin/sso/providers`). */
export async function sso(): Promise<Response> {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}

/** Passkeys (`/passkeys/*`). */
export async function passkeys(): Promise<Response> {
  throw notFound('passkey_disabled', 'Passkeys are disabled');
}
