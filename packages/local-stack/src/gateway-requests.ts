// What the gateway decides about a request before routing it: its API key, whether the route is
// open without one, CORS, malformed query strings, and the JSON answers it gives itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_VERSION_HEADER, AuthError, errorBody, negotiateApiVersion } from './auth/errors.ts';
import { sendJson } from './http.ts';

/** Methods no route answers; refused with 405 before routing. */
export const REFUSED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** A query string PostgREST could not decode (bad percent-encoding or invalid UTF-8), or null. */
export function badQueryString(raw: string): string | null {
  const query = raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : '';
  if (!query) return null;
  for (const part of query.split(/[&=]/)) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return part.slice(0, 60);
    }
  }
  return null;
}

/** Routes reachable without an apikey, as on hosted Supabase (links in mails, public files, functions, JWKS). */
export function isOpenRoute(method: string, path: string): boolean {
  if (path === '/health' || path === '/outbox' || path.startsWith('/outbox/')) return true;
  if (path.startsWith('/functions/v1/')) return true;
  if (/^\/auth\/v1\/(verify|callback|authorize|\.well-known\/jwks\.json)$/.test(path)) return true;
  if (
    (method === 'GET' || method === 'HEAD') &&
    /^\/storage\/v1\/(object|render\/image)\/(public|sign)\//.test(path)
  )
    return true;
  return false;
}

export function apikeyOf(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey;
  if (typeof header === 'string' && header) return header;
  return url.searchParams.get('apikey') ?? undefined;
}

/** CORS headers for the request's origin: any localhost origin, and the allowed ones. */
export function corsHeadersFor(
  req: IncomingMessage,
  allowedOrigins: string[],
): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin || !(allowedOrigins.includes(origin) || LOCAL_ORIGIN.test(origin))) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers':
      'content-range, content-location, content-profile, preference-applied, range-unit, x-supabase-api-version, content-disposition, etag',
    vary: 'Origin',
  };
}

export function notFound(res: ServerResponse, cors: Record<string, string>) {
  sendJson(res, 404, { message: 'no Route matched with those values' }, cors);
}

/** 413 JSON. The rest of the body is read and discarded (callers resume the request), so the client sees the answer. */
export function tooLarge(res: ServerResponse, limit: number, cors: Record<string, string>) {
  sendJson(
    res,
    413,
    {
      statusCode: '413',
      error: 'Payload too large',
      message: `The request body exceeds the limit of ${limit} bytes`,
    },
    cors,
  );
}

/**
 * The 413 for a body over the gateway's limit, in the error shape of the protocol the path
 * belongs to, so that each client library reads it as it reads that service's own errors:
 * supabase-js's auth client looks for `error_code`, PostgREST clients for `code` and `message`,
 * the functions' callers for `error.code`. Storage (and the routes without a shape of their own)
 * keep storage-api's `{ statusCode, error, message }`.
 */
export function sendTooLarge(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  limit: number,
  cors: Record<string, string>,
): void {
  if (path.startsWith('/auth/v1/')) {
    // GoTrue's own answer to an oversized body, in the shape the request's API version asks for.
    const header = req.headers[API_VERSION_HEADER.toLowerCase()];
    const apiVersion = negotiateApiVersion(typeof header === 'string' ? header : null);
    const error = new AuthError(
      413,
      'request_entity_too_large',
      `Request body too large (max ${limit} bytes)`,
    );
    sendJson(res, 413, errorBody(error, apiVersion), {
      ...cors,
      ...(apiVersion ? { [API_VERSION_HEADER]: apiVersion } : {}),
    });
    return;
  }
  if (path === '/rest/v1' || path.startsWith('/rest/v1/')) {
    // PostgREST has no limit of its own, so no PGRSTnnn code fits; like the gateway's
    // PGRST_UNAVAILABLE, the code is the gateway's and cannot be mistaken for PostgREST's.
    sendJson(
      res,
      413,
      {
        code: 'PGRST_PAYLOAD_TOO_LARGE',
        details: `The request body exceeds the limit of ${limit} bytes`,
        hint: null,
        message: 'Payload too large',
      },
      cors,
    );
    return;
  }
  if (path.startsWith('/functions/v1/')) {
    sendJson(
      res,
      413,
      {
        error: {
          code: 'payload_too_large',
          message: `The body may be at most ${limit} bytes`,
        },
      },
      cors,
    );
    return;
  }
  tooLarge(res, limit, cors);
}
