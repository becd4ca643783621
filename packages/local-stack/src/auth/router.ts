import * as admin from './admin.js';
import { AuthError, notFound } from './errors.js';
import * as meta from './meta.js';
import * as mfa from './mfa.js';
import { recover, verifyGet, verifyPost } from './recover.js';
import type { AuthRequest, AuthRuntime } from './runtime.js';
import { signup } from './signup.js';
import { token } from './token.js';
import { authorize, getUser, linkIdentity, logout, unlinkIdentity, updateUser } from './user.js';

export type Handler = (rt: AuthRuntime, request: AuthRequest) => Promise<Response>;

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
  route('/signup', { POST: signup }),
  route('/token', { POST: token }),
  route('/user', { GET: getUser, PUT: updateUser }),
  route('/logout', { POST: logout }),
  route('/recover', { POST: recover }),
  route('/verify', { GET: verifyGet, POST: verifyPost }),
  route('/settings', { GET: meta.settings }),
  route('/health', { GET: meta.health }),
  route('/.well-known/jwks.json', { GET: meta.jwks }),
  route('/authorize', { GET: authorize }),
  route('/user/identities/authorize', { GET: linkIdentity }),
  route('/user/identities/:id', { DELETE: unlinkIdentity }),
  route('/factors', { POST: mfa.enroll }),
  route('/factors/:id', { DELETE: mfa.unenroll }),
  route('/factors/:id/challenge', { POST: mfa.challenge }),
  route('/factors/:id/verify', { POST: mfa.verify }),
  route('/admin/users', { GET: admin.listUsers, POST: admin.createUser }),
  route('/admin/users/:id', {
    GET: admin.getUserById,
    PUT: admin.updateUserById,
    DELETE: admin.deleteUserById,
  }),
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
