import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import {
  PayloadTooLargeError,
  readBody,
  sendJson,
  sendWebResponse,
  toWebRequest,
  type WebHandler,
} from './http.js';

export interface GatewayOptions {
  anonKey: string;
  serviceRoleKey: string;
  /** Base URL of PostgREST (loopback); read for every request, since a restart may move it. */
  postgrestUrl: () => string;
  /** Origins allowed besides any http(s)://localhost / 127.0.0.1 origin. */
  allowedOrigins: string[];
  auth?: WebHandler;
  functions?: WebHandler;
  storage?: WebHandler;
  outbox?: (req: Request) => Promise<Response>;
  /** Body limit for every route except storage (bytes). */
  bodyLimit?: number;
  /** Body limit for storage uploads (bytes); buckets may set lower limits. */
  storageBodyLimit?: number;
  log: (line: string) => void;
}

export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;
export const DEFAULT_STORAGE_BODY_LIMIT = 50 * 1024 * 1024;

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** Routes reachable without an apikey, as on hosted Supabase (links in mails, public files, functions, JWKS). */
function isOpenRoute(method: string, path: string): boolean {
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

function apikeyOf(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey;
  if (typeof header === 'string' && header) return header;
  return url.searchParams.get('apikey') ?? undefined;
}

/**
 * The API gateway: one port for every Supabase protocol. Checks the apikey, answers CORS,
 * limits bodies, and routes to PostgREST, auth, functions, storage and the mail outbox.
 */
export function createGateway(opts: GatewayOptions): http.Server {
  const bodyLimit = opts.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const storageBodyLimit = opts.storageBodyLimit ?? DEFAULT_STORAGE_BODY_LIMIT;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });

  const corsHeaders = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (!origin || !(opts.allowedOrigins.includes(origin) || LOCAL_ORIGIN.test(origin))) return {};
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers':
        'content-range, content-location, content-profile, preference-applied, range-unit, x-supabase-api-version, content-disposition, etag',
      vary: 'Origin',
    };
  };

  let upstreamHref = opts.postgrestUrl();
  let upstream = new URL(upstreamHref);
  const proxyRest = (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    cors: Record<string, string>,
  ) => {
    if (opts.postgrestUrl() !== upstreamHref) {
      upstreamHref = opts.postgrestUrl();
      upstream = new URL(upstreamHref);
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    // Like hosted Supabase: without an Authorization header the apikey is the bearer token.
    if (!headers.authorization) headers.authorization = `Bearer ${apikeyOf(req, url)}`;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > bodyLimit) {
      req.resume();
      tooLarge(res, bodyLimit, cors);
      return;
    }
    const upstreamReq = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: upstreamPath(url),
        headers,
        agent,
      },
      (upstreamRes) => {
        const out: http.OutgoingHttpHeaders = { ...cors };
        for (const [name, value] of Object.entries(upstreamRes.headers)) {
          // The gateway owns CORS; PostgREST's own (allow-all) CORS headers are dropped.
          if (!HOP_BY_HOP.has(name) && !name.startsWith('access-control-') && value !== undefined)
            out[name] = value;
        }
        res.writeHead(upstreamRes.statusCode ?? 502, out);
        upstreamRes.pipe(res);
      },
    );
    let refused = false;
    upstreamReq.on('error', (error) => {
      if (refused) return;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      opts.log(`[gateway] PostgREST unreachable: ${error.message}`);
      sendJson(
        res,
        503,
        {
          code: 'PGRST_UNAVAILABLE',
          message: 'The database API is not available right now',
          details: null,
          hint: null,
        },
        cors,
      );
    });
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > bodyLimit && !refused) {
        refused = true;
        req.unpipe(upstreamReq);
        upstreamReq.destroy();
        req.resume();
        if (!res.headersSent) tooLarge(res, bodyLimit, cors);
      }
    });
    req.pipe(upstreamReq);
  };

  const mountWeb = async (
    handler: WebHandler | undefined,
    mount: string,
    limit: number,
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    cors: Record<string, string>,
  ) => {
    if (!handler) {
      // Routes are mounted while the stack starts; until then there is nobody to answer.
      sendJson(res, 503, { message: 'The local stack is still starting' }, cors);
      return;
    }
    const body = await readBody(req, limit);
    const response = await handler(toWebRequest(req, url, body), {
      path: url.pathname.slice(mount.length) || '/',
      ip: req.socket.remoteAddress ?? '',
    });
    await sendWebResponse(
      res,
      response,
      response.headers.has('access-control-allow-origin') ? {} : cors,
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const cors = corsHeaders(req);
    let url: URL;
    try {
      // Handlers see the URL the client used (functions and auth build links from it).
      url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
      decodeURIComponent(url.pathname);
    } catch {
      sendJson(res, 400, { message: 'Malformed request URL' }, cors);
      return;
    }
    const path = url.pathname;
    const method = req.method ?? 'GET';

    // Functions answer their own CORS preflights, as on hosted Supabase.
    if (method === 'OPTIONS' && !path.startsWith('/functions/v1/')) {
      if (!cors['access-control-allow-origin'] && req.headers.origin) {
        sendJson(res, 403, { message: 'Origin not allowed' });
        return;
      }
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
        'access-control-allow-headers':
          req.headers['access-control-request-headers'] ??
          'authorization, x-client-info, apikey, content-type',
        'access-control-max-age': '86400',
      });
      res.end();
      return;
    }

    if (!isOpenRoute(method, path)) {
      const key = apikeyOf(req, url);
      if (!key) {
        sendJson(
          res,
          401,
          {
            message: 'No API key found in request',
            hint: 'No `apikey` request header or url param was found.',
          },
          cors,
        );
        return;
      }
      if (key !== opts.anonKey && key !== opts.serviceRoleKey) {
        sendJson(
          res,
          401,
          {
            message: 'Invalid API key',
            hint: 'Double check your Supabase `anon` or `service_role` API key.',
          },
          cors,
        );
        return;
      }
    }

    if (path === '/rest/v1' || path.startsWith('/rest/v1/')) {
      proxyRest(req, res, url, cors);
      return;
    }
    if (path === '/health') {
      sendJson(res, 200, { status: 'ok' }, cors);
      return;
    }
    if (path.startsWith('/auth/v1/'))
      return mountWeb(opts.auth, '/auth/v1', bodyLimit, req, res, url, cors);
    if (path.startsWith('/functions/v1/'))
      return mountWeb(opts.functions, '/functions/v1', bodyLimit, req, res, url, cors);
    if (path.startsWith('/storage/v1/'))
      return mountWeb(opts.storage, '/storage/v1', storageBodyLimit, req, res, url, cors);
    if (path === '/outbox' || path.startsWith('/outbox/')) {
      const outbox = opts.outbox;
      return mountWeb(outbox && ((request) => outbox(request)), '', bodyLimit, req, res, url, cors);
    }
    notFound(res, cors);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const cors = corsHeaders(req);
      if (error instanceof PayloadTooLargeError) {
        if (!res.headersSent) tooLarge(res, error.limit, cors);
        return;
      }
      opts.log(`[gateway] ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal error' }, cors);
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  server.on('close', () => agent.destroy());
  return server;
}

/** The PostgREST path and query: without the mount point and without the apikey parameter. */
function upstreamPath(url: URL): string {
  const path = url.pathname.slice('/rest/v1'.length) || '/';
  if (!url.searchParams.has('apikey')) return path + url.search;
  const params = new URLSearchParams(url.search);
  params.delete('apikey');
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

function notFound(res: ServerResponse, cors: Record<string, string>) {
  sendJson(res, 404, { message: 'no Route matched with those values' }, cors);
}

/** 413 JSON. The rest of the body is read and discarded (callers resume the request), so the client sees the answer. */
function tooLarge(res: ServerResponse, limit: number, cors: Record<string, string>) {
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
