// `/rest/v1`: the gateway's proxy to PostgREST. Bodies are limited while they stream, the apikey
// stands in for a missing bearer token, and PostgREST's own CORS headers give way to the gateway's.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { apikeyOf, sendTooLarge } from './gateway-requests.ts';
import { sendJson } from './http.ts';

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

export interface RestProxyOptions {
  /** Base URL of PostgREST (loopback); read for every request, since a restart may move it. */
  postgrestUrl: () => string;
  bodyLimit: number;
  log: (line: string) => void;
}

export interface RestProxy {
  proxy(req: IncomingMessage, res: ServerResponse, url: URL, cors: Record<string, string>): void;
  close(): void;
}

export function createRestProxy(opts: RestProxyOptions): RestProxy {
  const { bodyLimit } = opts;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });
  let upstreamHref = opts.postgrestUrl();
  let upstream = new URL(upstreamHref);

  const proxy = (
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
      sendTooLarge(req, res, '/rest/v1', bodyLimit, cors);
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
        if (isOpenApiRequest(req, url) && upstreamRes.statusCode === 200) {
          // The OpenAPI document names the API as clients reach it, never PostgREST's own port.
          const chunks: Buffer[] = [];
          upstreamRes.on('data', (chunk: Buffer) => chunks.push(chunk));
          upstreamRes.on('end', () => {
            const text = publicOpenApi(Buffer.concat(chunks).toString('utf8'), req);
            delete out['content-length'];
            out['content-length'] = String(Buffer.byteLength(text));
            res.writeHead(200, out);
            res.end(req.method === 'HEAD' ? undefined : text);
          });
          return;
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
        if (!res.headersSent) sendTooLarge(req, res, '/rest/v1', bodyLimit, cors);
      }
    });
    req.pipe(upstreamReq);
  };

  return { proxy, close: () => agent.destroy() };
}

function isOpenApiRequest(req: IncomingMessage, url: URL): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    (url.pathname === '/rest/v1' || url.pathname === '/rest/v1/')
  );
}

/** PostgREST's OpenAPI document with the gateway's host and the /rest/v1 base path. */
function publicOpenApi(text: string, req: IncomingMessage): string {
  try {
    const doc = JSON.parse(text) as Record<string, unknown>;
    if (typeof req.headers.host === 'string') doc.host = req.headers.host;
    else delete doc.host;
    doc.basePath = '/rest/v1';
    return JSON.stringify(doc);
  } catch {
    return text;
  }
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
