import * as admin from './admin.ts';
import * as adminLinks from './admin-links.ts';
import { AuthError, notFound } from './errors.ts';
import { requireAdmin, requireUser } from './guard.ts';
import * as meta from './meta.ts';
import * as mfa from './mfa.ts';
import * as otp from './otp.ts';
import { recover, verifyGet, verifyPost } from './recover.ts';
import type { AuthRequest, AuthRuntime, Handler, SignedInHandler } from './runtime.ts';
import type { RateLimitName } from './settings.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import * as unsupported from './unsupported.ts';
import { authorize, getUser, linkIdentity, logout, unlinkIdentity, updateUser } from './user.ts';

export type { Handler } from './runtime.ts';

/*
 * Middleware declared on the route, as supabase/auth does with `r.With(...)`: a handler never
 * checks its own token or takes from a rate-limit bucket.
 */

/** The request must carry a live user session; the handler receives it as `request.auth`. */
function user(handler: SignedInHandler): Handler {
  return async (rt, request) => handler(rt, { ...request, auth: await requireUser(rt, request) });
}

/** The request must carry a service-role token. */
function admins(handler: Handler): Handler {
  return async (rt, request) => {
    await requireAdmin(rt, request);
    return handler(rt, request);
  };
}

/** Each request takes one token from the caller's `bucket` first (429 when it is empty). */
function limit(bucket: RateLimitName, handler: Handler): Handler {
  return async (rt, request) => {
    rt.limiter.take(bucket, request.ip);
    return handler(rt, request);
  };
}

/**
 * /token: signing in with a password (or another credential) counts against the sign-in bucket,
 * refreshing a session against the refresh bucket, so neither can starve the other.
 */
function limitByGrant(handler: Handler): Handler {
  return async (rt, request) => {
    const grant = request.url.searchParams.get('grant_type');
    rt.limiter.take(grant === 'refresh_token' ? 'token' : 'signup', request.ip);
    return handler(rt, request);
  };
}

interface Route {
  pattern: RegExp;
  /** Names of the pattern's capture groups, in order. */
  params: string[];
  methods: Partial<Record<string, Handler>>;
}

function route(path: string, methods: Route['methods']): Route {
  const params: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        params.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), params, methods };
}

const ROUTES: Route[] = [
  route('/signup', { POST: limit('signup', signup) }),
  route('/token', { POST: limitByGrant(token) }),
  route('/otp', { POST: limit('otp', otp.otp) }),
  route('/magiclink', { POST: limit('otp', otp.magicLink) }),
  route('/resend', { POST: limit('otp', otp.resend) }),
  route('/reauthenticate', { GET: user(otp.reauthenticate) }),
  route('/user', { GET: user(getUser), PUT: limit('otp', user(updateUser)) }),
  route('/logout', { POST: user(logout) }),
  route('/recover', { POST: limit('recover', recover) }),
  route('/verify', { GET: limit('verify', verifyGet), POST: limit('verify', verifyPost) }),
  route('/settings', { GET: meta.settings }),
  route('/health', { GET: meta.health }),
  route('/.well-known/jwks.json', { GET: meta.jwks }),
  route('/authorize', { GET: authorize }),
  route('/user/identities/authorize', { GET: user(linkIdentity) }),
  route('/user/identities/:id', { DELETE: user(unlinkIdentity) }),
  route('/factors', { POST: user(mfa.enroll) }),
  route('/factors/:id', { DELETE: user(mfa.unenroll) }),
  route('/factors/:id/challenge', { POST: limit('mfa', user(mfa.challenge)) }),
  route('/factors/:id/verify', { POST: limit('mfa', user(mfa.verify)) }),
  route('/invite', { POST: admins(adminLinks.invite) }),
  route('/admin/generate_link', { POST: admins(adminLinks.generateLink) }),
  route('/admin/users', { GET: admins(admin.listUsers), POST: admins(admin.createUser) }),
  route('/admin/users/:id', {
    GET: admins(admin.getUserById),
    PUT: admins(admin.updateUserById),
    DELETE: admins(admin.deleteUserById),
  }),
  route('/admin/users/:id/factors', { GET: admins(admin.listFactors) }),
  route('/admin/users/:id/factors/:factorId', { DELETE: admins(admin.deleteFactor) }),
  // Sign-in methods the local stack does not offer answer as hosted does when they are off.
  route('/sso', { POST: unsupported.sso }),
  route('/sso/saml/metadata', { GET: unsupported.sso }),
  route('/sso/saml/acs', { POST: unsupported.sso }),
  route('/admin/sso/providers', { GET: admins(unsupported.sso), POST: admins(unsupported.sso) }),
  route('/admin/sso/providers/:id', {
    GET: admins(unsupported.sso),
    PUT: admins(unsupported.sso),
    DELETE: admins(unsupported.sso),
  }),
  route('/passkeys', { GET: user(unsupported.passkeys) }),
  route('/passkeys/authentication/options', { POST: unsupported.passkeys }),
  route('/passkeys/authentication/verify', { POST: unsupported.passkeys }),
  route('/passkeys/registration/options', { POST: user(unsupported.passkeys) }),
  route('/passkeys/registration/verify', { POST: user(unsupported.passkeys) }),
  route('/passkeys/:id', { DELETE: user(unsupported.passkeys) }),
];

/** Finds the handler of `method path`; unknown paths answer 404, known paths with another method 405. */
export function resolve(
  method: string,
  path: string,
): { handler: Handler; params: Record<string, string> } {
  for (const candidate of ROUTES) {
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    const handler = candidate.methods[method === 'HEAD' ? 'GET' : method];
    if (!handler) {
      throw new AuthError(405, 'method_not_allowed', `${method} is not allowed on ${path}`, {});
    }
    const params: Record<string, string> = {};
    candidate.params.forEach((name, index) => {
      params[name] = decodeURIComponent(match[index + 1] ?? '');
    });
    return { handler, params };
  }
  throw notFound('not_found', `No auth endpoint at ${path}`);
}

export type { AuthRequest, AuthRuntime };
