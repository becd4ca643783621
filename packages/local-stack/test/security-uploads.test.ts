// Memory exhaustion through uploads (issue 9, item 2): the caller and the bucket are checked before
// the body is read, and a body is streamed to disk with a running size check.
import http from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack.ts';
import { startTestStack } from '../src/testing.ts';
import { createUser, type TestUser } from './helpers.ts';

let stack: RunningStack;
let user: TestUser;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  user = await createUser(stack);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/**
 * Sends the headers of an upload declaring `declared` bytes and only `sent` bytes of body, then
 * waits for an answer. The answer must come without the rest of the body.
 */
function partialUpload(
  urlPath: string,
  headers: Record<string, string>,
  declared: number,
  sent: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(urlPath, stack.apiUrl);
    const req = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(declared) },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no answer before the whole body was sent'));
    }, 10_000);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.write(Buffer.alloc(sent, 0x61));
  });
}

/** Sends `chunks` × 64 KiB as a chunked body (no declared length). */
async function chunkedUpload(urlPath: string, token: string, chunks: number) {
  const url = new URL(urlPath, stack.apiUrl);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (chunks-- <= 0) controller.close();
      else controller.enqueue(new Uint8Array(64 * 1024));
    },
  });
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'image/png',
    },
    body,
    duplex: 'half',
  };
  return fetch(url, init);
}

async function leftoverFiles(bucket: string): Promise<string[]> {
  try {
    return await readdir(path.join(stack.dataDir, 'storage', bucket));
  } catch {
    return [];
  }
}

describe('uploads are refused before their body is read', () => {
  it('an anon upload declaring 49 MB is refused after 1 KB', async () => {
    const answer = await partialUpload(
      '/storage/v1/object/avatars/anyone/big.png',
      { apikey: stack.anonKey, 'content-type': 'image/png' },
      49 * 1024 * 1024,
      1024,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: '413' });
  });

  it('an anon upload within the size limit is refused by row-level security after 1 KB', async () => {
    const answer = await partialUpload(
      '/storage/v1/object/avatars/anyone/small.png',
      { apikey: stack.anonKey, 'content-type': 'image/png' },
      1024 * 1024,
      1024,
    );
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: '403' });
  });

  it("a signed-in upload declaring more than the bucket's limit gets 413 at once", async () => {
    const answer = await partialUpload(
      `/storage/v1/object/avatars/${user.id}/big.png`,
      { apikey: stack.anonKey, authorization: `Bearer ${user.token}`, 'content-type': 'image/png' },
      3 * 1024 * 1024,
      1024,
    );
    expect(answer.status).toBe(413);
  });

  it('an upload with a forged token is refused at once', async () => {
    const answer = await partialUpload(
      `/storage/v1/object/avatars/${user.id}/big.png`,
      { apikey: stack.anonKey, authorization: 'Bearer not.a.jwt', 'content-type': 'image/png' },
      10 * 1024 * 1024,
      1024,
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });
});

describe('bodies stream to disk with a running size check', () => {
  it('a chunked upload past the bucket limit (2 MiB) stops with 413 and leaves nothing', async () => {
    const response = await chunkedUpload(
      `/storage/v1/object/avatars/${user.id}/chunked.png`,
      user.token,
      64, // 4 MiB
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: '413' });
    const { rowCount } = await stack.pool.query(
      `select 1 from storage.objects where bucket_id = 'avatars' and name = $1`,
      [`${user.id}/chunked.png`],
    );
    expect(rowCount).toBe(0);
    expect(await leftoverFiles('avatars')).toEqual([]);
  });

  it('a chunked upload within the limit is stored whole', async () => {
    const response = await chunkedUpload(
      `/storage/v1/object/avatars/${user.id}/fits.png`,
      user.token,
      16, // 1 MiB
    );
    expect(response.status).toBe(200);
    const { rows } = await stack.pool.query<{ size: string }>(
      `select metadata->>'size' as size from storage.objects where bucket_id = 'avatars' and name = $1`,
      [`${user.id}/fits.png`],
    );
    expect(Number(rows[0]!.size)).toBe(1024 * 1024);
    expect((await leftoverFiles('avatars')).filter((name) => name.endsWith('.upload'))).toEqual([]);
  });

  it('a multipart upload streams its file part and keeps the cacheControl field', async () => {
    const form = new FormData();
    form.append('cacheControl', '60');
    form.append(
      '',
      new Blob([new Uint8Array(300 * 1024).fill(7)], { type: 'image/webp' }),
      'a.webp',
    );
    const response = await fetch(
      `${stack.apiUrl}/storage/v1/object/avatars/${user.id}/multi.webp`,
      {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${user.token}` },
        body: form,
      },
    );
    expect(response.status).toBe(200);
    const file = await fetch(
      `${stack.apiUrl}/storage/v1/object/public/avatars/${user.id}/multi.webp`,
    );
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe('max-age=60');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes.length).toBe(300 * 1024);
    expect(bytes.every((byte) => byte === 7)).toBe(true);
  });
});
