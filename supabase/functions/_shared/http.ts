// Small helpers shared by the payment and tracking functions (web-standard, Deno and Node).

import { bearerToken, isUuid } from '@verdant/validation';

export interface FunctionEnv {
  get(name: string): string | undefined;
}

/** What the runtime offers to keep work alive after the response (hosted: EdgeRuntime.waitUntil). */
export interface FunctionRuntime {
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** A handler that may hold buffered work; `close()` finishes it (on shutdown). */
export type ClosableHandler = ((req: Request) => Promise<Response>) & {
  close?: () => Promise<void>;
};

/**
 * A request as plain data, for a function on a hot path (the link tracker) that a runtime can
 * call without building a web `Request`. `url` is absolute; `header` reads one header (any case).
 */
export interface PlainRequest {
  method: string;
  url: string;
  header(name: string): string | null;
}

/** A response as plain data: a string body or none. */
export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** A handler of plain requests; `close()` finishes buffered work (on shutdown). */
export type PlainHandler = ((req: PlainRequest) => PlainResponse | Promise<PlainResponse>) & {
  close?: () => Promise<void>;
};

/** The web-standard handler (what `Deno.serve` takes) over a plain one: the same instance. */
export function webHandler(plain: PlainHandler): ClosableHandler {
  const handler: ClosableHandler = async (req) => {
    const answer = await plain({
      method: req.method,
      url: req.url,
      header: (name) => req.headers.get(name),
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
  const { close } = plain;
  if (close) handler.close = () => close();
  return handler;
}

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, idempotency-key',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** The error shape of every Verdant function: `{ error: { code, message } }`. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = CORS_HEADERS,
): Response {
  return json(status, { error: { code, message } }, headers);
}

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = CORS_HEADERS,
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'Content-Type': 'application/json' },
  });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The claims of the caller's JWT (the gateway or the hosted relay has verified it already). */
export function jwtClaims(req: Request): Record<string, unknown> | null {
  const token = bearerToken(req.headers.get('authorization'));
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return isRecord(claims) ? claims : null;
  } catch {
    return null;
  }
}

/** The signed-in user's id, or null for the anon key and the service role. */
export function userIdFrom(req: Request): string | null {
  const claims = jwtClaims(req);
  if (!claims || claims.role !== 'authenticated' || typeof claims.sub !== 'string') return null;
  return isUuid(claims.sub) ? claims.sub : null;
}

/** Reads a JSON body of at most `limit` bytes; a string error when it is missing, too big or not JSON. */
export async function readJsonBody(
  req: Request,
  limit: number,
): Promise<
  { ok: true; body: unknown } | { ok: false; status: number; code: string; message: string }
> {
  if (!(req.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json'))
    return {
      ok: false,
      status: 415,
      code: 'unsupported_media_type',
      message: 'The body must be JSON (Content-Type: application/json)',
    };
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit)
    return {
      ok: false,
      status: 413,
      code: 'payload_too_large',
      message: `The body may be at most ${limit} bytes`,
    };
  const text = await req.text();
  if (new TextEncoder().encode(text).length > limit)
    return {
      ok: false,
      status: 413,
      code: 'payload_too_large',
      message: `The body may be at most ${limit} bytes`,
    };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, code: 'invalid_json', message: 'The body is not valid JSON' };
  }
}

/** The value of one cookie of the request. */
export function cookieValue(req: Request, name: string): string | undefined {
  const header = req.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export const ATTRIBUTION_COOKIE = 'verdant_ref';
