// The storage routes and the guards declared on them: a handler that needs the caller gets its
// verified claims and a transaction as the caller from the router, never by itself.
import type pg from 'pg';
import { StorageError, routeNotFound } from './errors.ts';
import { type Claims, type StorageRuntime, claimsOf, inTransaction } from './runtime.ts';

/** One request as the routes see it. */
export interface StorageRequest {
  req: Request;
  url: URL;
  /** `bucket`, and `path` (the object key) of routes ending in `*`. */
  params: { bucket?: string; path?: string };
}

/** A request whose caller the router has verified. */
export interface CallerRequest extends StorageRequest {
  claims: Claims;
  /** Runs `body` in one transaction as the caller (role and JWT claims set, so RLS applies). */
  db<T>(body: (client: pg.PoolClient) => Promise<T>): Promise<T>;
}

export type Handler = (rt: StorageRuntime, request: StorageRequest) => Promise<Response>;
export type CallerHandler = (rt: StorageRuntime, request: CallerRequest) => Promise<Response>;

/** The request's token is verified (anon key by default); the handler acts as that caller. */
export function caller(handler: CallerHandler): Handler {
  return async (rt, request) => {
    const claims = await claimsOf(rt, request.req);
    return handler(rt, { ...request, claims, db: (body) => inTransaction(rt, claims, body) });
  };
}

/** Only the service role (hosted registers these routes with `enforceJwtRoles`). */
export function serviceRole(handler: CallerHandler): Handler {
  return caller(async (rt, request) => {
    if (request.claims.role !== 'service_role') {
      throw new StorageError(403, 'Unauthorized', 'Access denied: Invalid role', 'AccessDenied');
    }
    return handler(rt, request);
  });
}

interface Route {
  /** Literal segments, `:bucket`, and a final `*` for the rest (one or more segments). */
  segments: string[];
  methods: Partial<Record<string, Handler>>;
}

export function route(path: string, methods: Route['methods']): Route {
  return { segments: path.split('/').filter(Boolean), methods };
}

function match(pattern: string[], segments: string[]): StorageRequest['params'] | null {
  const params: StorageRequest['params'] = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index];
    if (part === '*') {
      if (segments.length <= index) return null;
      params.path = segments.slice(index).join('/');
      return params;
    }
    if (segment === undefined) return null;
    if (part === ':bucket') params.bucket = segment;
    else if (part !== segment) return null;
  }
  return segments.length === pattern.length ? params : null;
}

/**
 * The handler of `method` on the decoded path `segments`: the first route whose pattern and
 * method fit. A path some route knows answers 405 for other methods; any other path 404.
 */
export function resolve(
  routes: Route[],
  method: string,
  segments: string[],
): { handler: Handler; params: StorageRequest['params'] } {
  let known = false;
  for (const candidate of routes) {
    const params = match(candidate.segments, segments);
    if (!params) continue;
    known = true;
    const handler =
      candidate.methods[method] ?? (method === 'HEAD' ? candidate.methods.GET : undefined);
    if (handler) return { handler, params };
  }
  if (known) throw new StorageError(405, 'MethodNotAllowed', `${method} is not supported here`);
  throw routeNotFound();
}
