import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  REFUSED_METHODS,
  apikeyOf,
  badQueryString,
  corsHeadersFor,
  isOpenRoute,
  notFound,
  sendTooLarge,
} from './gateway-requests.ts';
import { createRestProxy } from './gateway-rest.ts';
import {
  PayloadTooLargeError,
  readBody,
  sendJson,
  sendWebResponse,
  toStreamingRequest,
  toWebRequest,
  type WebHandler,
} from './http.ts';

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
  /** `/realtime/v1`: websocket upgrades (apikey already checked) and the HTTP broadcast API. */
  realtime?: {
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, apikey: string): void;
    handle: WebHandler;
  };
  /** Body limit for every route except storage (bytes). */
  bodyLimit?: number;
  /** Body limit for storage uploads (bytes); buckets may set lower limits. */
  storageBodyLimit?: number;
  /** The state of each part of the stack, for `/health` (503 when any is down). */
  health?: () => Promise<Record<string, ComponentHealth>>;
  log: (line: string) => void;
}

export interface ComponentHealth {
  status: 'ok' | 'down' | 'starting';
  /** How often a supervised process was restarted. */
  restarts?: number;
}

/** Connections the gateway holds at once; more are refused until some close. */
export const MAX_CONNECTIONS = 1024;

export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;
export const DEFAULT_STORAGE_BODY_LIMIT = 50 * 1024 * 1024;

/**
 * The API gateway: one port for every Supabase protocol. Checks the apikey, answers CORS,
 * limits bodies, and routes to PostgREST, auth, functions, storage and the mail outbox.
 */
export function createGateway(opts: GatewayOptions): http.Server {
  const bodyLimit = opts.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const storageBodyLimit = opts.storageBodyLimit ?? DEFAULT_STORAGE_BODY_LIMIT;
  const rest = createRestProxy({ postgrestUrl: opts.postgrestUrl, bodyLimit, log: opts.log });
  const corsHeaders = (req: IncomingMessage) => corsHeadersFor(req, opts.allowedOrigins);

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
    const info = {
      path: url.pathname.slice(mount.length) || '/',
      ip: req.socket.remoteAddress ?? '',
    };
    if (mount === '/storage/v1') {
      // Uploads stream: storage authenticates and checks the bucket before reading the body.
      const { request, discard } = toStreamingRequest(req, url, limit);
      let response: Response;
      try {
        response = await handler(request, info);
      } finally {
        discard();
      }
      await sendWebResponse(res, response, cors);
      return;
    }
    const body = await readBody(req, limit);
    const response = await handler(toWebRequest(req, url, body), info);
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

    if (REFUSED_METHODS.has(method)) {
      sendJson(
        res,
        405,
        { message: `Method ${method} is not allowed` },
        { ...cors, allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' },
      );
      return;
    }
    const badQuery = badQueryString(req.url ?? '');
    if (badQuery !== null) {
      // PostgREST's error shape, for every route.
      sendJson(
        res,
        400,
        {
          code: 'PGRST100',
          details: `The query string is not valid percent-encoded UTF-8 near "${badQuery}"`,
          hint: null,
          message: 'Malformed query string',
        },
        cors,
      );
      return;
    }

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
      rest.proxy(req, res, url, cors);
      return;
    }
    if (path === '/health') {
      const components = opts.health ? await opts.health() : {};
      const down = Object.values(components).some((component) => component.status !== 'ok');
      sendJson(res, down ? 503 : 200, { status: down ? 'down' : 'ok', components }, cors);
      return;
    }
    if (path.startsWith('/auth/v1/'))
      return mountWeb(opts.auth, '/auth/v1', bodyLimit, req, res, url, cors);
    if (path.startsWith('/functions/v1/'))
      return mountWeb(opts.functions, '/functions/v1', bodyLimit, req, res, url, cors);
    if (path.startsWith('/realtime/v1/')) {
      const realtime = opts.realtime;
      return mountWeb(
        realtime && ((request, info) => realtime.handle(request, info)),
        '/realtime/v1',
        bodyLimit,
        req,
        res,
        url,
        cors,
      );
    }
    if (path.startsWith('/storage/v1/'))
      return mountWeb(opts.storage, '/storage/v1', storageBodyLimit, req, res, url, cors);
    if (path === '/outbox' || path.startsWith('/outbox/')) {
      const outbox = opts.outbox;
      // The outbox never answers another origin: no CORS headers at all.
      return mountWeb(outbox && ((request) => outbox(request)), '', bodyLimit, req, res, url, {});
    }
    notFound(res, cors);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const cors = corsHeaders(req);
      if (error instanceof PayloadTooLargeError) {
        if (!res.headersSent) sendTooLarge(req, res, pathOf(req), error.limit, cors);
        return;
      }
      opts.log(`[gateway] ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal error' }, cors);
      else res.destroy();
    });
  });
  // Slow or idle clients cannot hold the gateway: headers within 20 s, a whole request within
  // 5 minutes (a 50 MB upload on a slow link), idle keep-alive connections closed after 65 s.
  server.headersTimeout = 20_000;
  server.requestTimeout = 300_000;
  server.keepAliveTimeout = 65_000;
  server.maxConnections = MAX_CONNECTIONS;
  // CONNECT is not a route here: answer it instead of resetting the connection.
  server.on('connect', (req, socket) => {
    const text = JSON.stringify({ message: 'Method CONNECT is not allowed' });
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nallow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\nconnection: close\r\n\r\n${text}`,
    );
  });
  server.on('clientError', (error, socket) => {
    if (!socket.writable) return;
    const status = (error as NodeJS.ErrnoException).code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const text = JSON.stringify({ message: status === 408 ? 'Request timeout' : 'Bad request' });
    socket.end(
      `HTTP/1.1 ${status} ${status === 408 ? 'Request Timeout' : 'Bad Request'}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
    );
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const refuse = (status: number, reason: string, body: Record<string, string>) => {
      const text = JSON.stringify(body);
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
      );
    };
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
    } catch {
      refuse(400, 'Bad Request', { message: 'Malformed request URL' });
      return;
    }
    if (url.pathname !== '/realtime/v1/websocket' && url.pathname !== '/realtime/v1/websocket/') {
      refuse(404, 'Not Found', { message: 'no Route matched with those values' });
      return;
    }
    const key = apikeyOf(req, url);
    if (!key || (key !== opts.anonKey && key !== opts.serviceRoleKey)) {
      refuse(401, 'Unauthorized', {
        message: key ? 'Invalid API key' : 'No API key found in request',
      });
      return;
    }
    if (!opts.realtime) {
      refuse(503, 'Service Unavailable', { message: 'The local stack is still starting' });
      return;
    }
    opts.realtime.upgrade(req, socket, head, key);
  });
  server.on('close', () => rest.close());
  return server;
}

/** The request's path without its query, for choosing an error shape ('' when unreadable). */
function pathOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  } catch {
    return '';
  }
}
