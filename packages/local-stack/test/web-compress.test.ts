import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer } from '../src/web.ts';
import { compressible, negotiate } from '../src/web-compress.ts';

describe('negotiate', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5', 'br'],
    ['gzip;q=0', undefined],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['*;q=0', undefined],
    ['gzip;q=abc', undefined],
  ])('%j → %j', (header, expected) => {
    expect(negotiate(header)).toBe(expected);
  });
});

describe('compressible', () => {
  it('takes text types of at least 1 KB only', () => {
    expect(compressible('text/javascript; charset=utf-8', 4096)).toBe(true);
    expect(compressible('image/svg+xml', 4096)).toBe(true);
    expect(compressible('application/json; charset=utf-8', 4096)).toBe(true);
    expect(compressible('text/css; charset=utf-8', 100)).toBe(false);
    expect(compressible('image/png', 4096)).toBe(false);
    expect(compressible('application/pdf', 4096)).toBe(false);
  });
});

let dir: string;
let server: Server;
let origin: string;
const script = `export const lines = [${Array.from({ length: 2000 }, (_, i) => `"line ${i}"`).join(',')}];\n`;

/** A raw GET (no automatic decompression), as a browser sends it. */
function get(
  pathname: string,
  acceptEncoding?: string,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${pathname}`,
      { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'verdant-web-compress-'));
  await mkdir(path.join(dir, 'platform', 'assets'), { recursive: true });
  await writeFile(
    path.join(dir, 'platform', 'index.html'),
    `<!doctype html><title>platform</title><meta name="verdant-supabase-url" content="" /><body>${'<p>Sustainable</p>'.repeat(200)}</body>`,
  );
  await writeFile(path.join(dir, 'platform', 'assets', 'app-9f8e.js'), script);
  await writeFile(path.join(dir, 'platform', 'assets', 'tiny-1a2b.js'), 'console.info(1)');
  server = createWebServer({
    platformRoot: path.join(dir, 'platform'),
    oneSheetsRoot: path.join(dir, 'one-sheets'),
    apiUrl: 'http://127.0.0.1:54999',
    anonKey: 'anon-key',
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('web server compression', () => {
  it('sends a script Brotli-compressed to a browser that accepts it, byte-identical once decoded', async () => {
    const res = await get('/assets/app-9f8e.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    // The second request is served from the compressed copy, identical.
    const again = await get('/assets/app-9f8e.js', 'br');
    expect(again.body.equals(res.body)).toBe(true);
  });

  it('falls back to gzip, and to the plain file without an accepted encoding', async () => {
    const gz = await get('/assets/app-9f8e.js', 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get('/assets/app-9f8e.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(script);
  });

  it('leaves small files as they are', async () => {
    const res = await get('/assets/tiny-1a2b.js', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('console.info(1)');
  });

  it('compresses the app page with its injected configuration, and answers HEAD with the same length', async () => {
    const res = await get('/dashboard', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.body).toString();
    expect(html).toContain('<title>platform</title>');
    expect(html).toContain('http://127.0.0.1:54999');
    const head = await get('/dashboard', 'br', 'HEAD');
    expect(head.headers['content-length']).toBe(res.headers['content-length']);
    expect(head.body.length).toBe(0);
  });
});
