import { ping } from './models/db.ts';
import { OAUTH_PROVIDERS, OTHER_SIGN_IN_METHODS } from './providers.ts';
import type { AuthRequest, AuthRuntime } from './runtime.ts';

/** GET /settings: what this server offers (email sign-in only), as config.toml sets it up. */
export async function settings(rt: AuthRuntime): Promise<Response> {
  const external: Record<string, boolean> = { email: true };
  for (const provider of [...OAUTH_PROVIDERS, ...OTHER_SIGN_IN_METHODS]) external[provider] = false;
  return Response.json({
    external,
    disable_signup: !rt.settings.enableSignup,
    mailer_autoconfirm: !rt.settings.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

/** GET /health */
export async function health(rt: AuthRuntime): Promise<Response> {
  await ping(rt.pool);
  return Response.json({
    version: 'verdant-local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}

/** GET /.well-known/jwks.json: the public key that verifies access tokens. */
export async function jwks(rt: AuthRuntime, _request: AuthRequest): Promise<Response> {
  return Response.json(rt.keys.jwks, { headers: { 'cache-control': 'public, max-age=600' } });
}
