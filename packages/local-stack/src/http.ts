import type { IncomingMessage, ServerResponse } from 'node:http';

/** A web-standard handler mounted on the gateway; `path` is the part after the mount point. */
export type WebHandler = (req: Request, info: { path: string; ip: string }) => Promise<Response>;

/**
 * A body-less request as plain data: what a function's plain handler takes (the go tracker offers
 * one), so that a hot route is answered without building web `Request`/`Response` objects. The
 * same shapes as the functions' `_shared/http.ts`.
 */
export interface PlainRequest {
  method: string;
  /** Absolute. */
  url: string;
  header(name: string): string | null;
}

export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** One header of a Node request as a web `Headers.get` would give it (repeats joined). */
export function nodeHeader(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Writes a plain response to a Node response. */
export function sendPlainResponse(res: ServerResponse, answer: PlainResponse): void {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body ?? undefined);
}

export class PayloadTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body exceeds ${limit} bytes`);
  }
}

/** Reads the whole body, refusing more than `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new PayloadTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new PayloadTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The request's headers as name/value pairs, straight from the raw header list (repeated headers
 * stay separate entries), for a web `Request` to take in one conversion.
 */
function headerPairs(req: IncomingMessage): [string, string][] {
  const raw = req.rawHeaders;
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    if (!name.startsWith(':')) pairs.push([name, raw[i + 1] as string]);
  }
  return pairs;
}

/** Converts a Node request (with its already-read body) into a web `Request`. */
export function toWebRequest(req: IncomingMessage, url: URL | string, body: Buffer): Request {
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers: headerPairs(req),
    body: hasBody ? new Uint8Array(body) : null,
  });
}

/**
 * Converts a Node request into a web `Request` whose body streams from the socket with
 * back-pressure, erroring with `PayloadTooLargeError` past `limit` bytes (a larger declared
 * length is refused at once). `discard()` drops whatever the handler did not read.
 */
export function toStreamingRequest(
  req: IncomingMessage,
  url: URL,
  limit: number,
): { request: Request; discard: () => void } {
  const headers = headerPairs(req);
  const method = req.method ?? 'GET';
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new PayloadTooLargeError(limit);
  let finished = false;
  const discard = () => {
    if (finished) return;
    finished = true;
    req.removeAllListeners('data');
    req.resume();
  };
  if (method === 'GET' || method === 'HEAD') {
    return { request: new Request(url, { method, headers }), discard };
  }
  let size = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on('data', (chunk: Buffer) => {
          if (finished) return;
          size += chunk.length;
          if (size > limit) {
            finished = true;
            controller.error(new PayloadTooLargeError(limit));
            req.removeAllListeners('data');
            req.resume();
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => {
          if (finished) return;
          finished = true;
          controller.close();
        });
        req.once('error', (error) => {
          if (finished) return;
          finished = true;
          controller.error(error);
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        discard();
      },
    },
    { highWaterMark: 4 },
  );
  const init: RequestInit & { duplex: 'half' } = { method, headers, body, duplex: 'half' };
  return { request: new Request(url, init), discard };
}

/** Writes a web `Response` to a Node response, streaming the body. */
export async function sendWebResponse(
  res: ServerResponse,
  response: Response,
  extraHeaders: Record<string, string> = {},
) {
  const headers: Record<string, string | string[]> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
