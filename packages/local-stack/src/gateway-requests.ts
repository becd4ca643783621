// What the gateway decides about a request before routing it: its API key, whether the route is
// open without one, CORS, malformed query strings, and the JSON answers it gives itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
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
