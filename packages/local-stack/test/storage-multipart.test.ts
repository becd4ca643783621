// Multipart uploads through busboy: the limits hold while the body streams, and a refused upload
// leaves no row and no file behind.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack.ts';
import { startTestStack } from '../src/testing.ts';
import { NO_MIGRATIONS } from './helpers.ts';

let stack: RunningStack;
const BUCKET = 'multipart';
const LIMIT = 1024;

beforeAll(async () => {
  stack = await startTestStack({ seed: false, migrationsDir: NO_MIGRATIONS });
  await stack.pool.query(
    `insert into storage.buckets (id, name, file_size_limit, allowed_mime_types)
     values ($1, $1, $2, array['text/plain', 'image/png'])`,
    [BUCKET, LIMIT],
  );
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

function post(name: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${stack.apiUrl}/storage/v1/object/${BUCKET}/${name}`, {
    method: 'POST',
    headers: {
      apikey: stack.serviceRoleKey,
      authorization: `Bearer ${stack.serviceRoleKey}`,
      ...headers,
    },
    body,
  });
}

function form(parts: Array<[string, string | Blob]>): FormData {
  const data = new FormData();
  for (const [name, value] of parts) data.append(name, value);
  return data;
}

const bytes = (size: number, type = 'text/plain') =>
  new Blob([new Uint8Array(size).fill(0x61)], { type });

async function stored(name: string): Promise<boolean> {
  const { rowCount } = await stack.pool.query(
    'select 1 from storage.objects where bucket_id = $1 and name = $2',
    [BUCKET, name],
  );
  return rowCount === 1;
}

async function leftovers(): Promise<string[]> {
  const files = await readdir(path.join(stack.dataDir, 'storage', BUCKET)).catch(() => []);
  return files.filter((file) => file.endsWith('.upload'));
}

describe('multipart uploads', () => {
  it('a file of exactly the bucket limit is stored; one byte more is 413 and leaves nothing', async () => {
    const exact = await post('exact.txt', form([['', bytes(LIMIT)]]));
    expect(exact.status).toBe(200);
    expect(await stored('exact.txt')).toBe(true);
    const over = await post('over.txt', form([['', bytes(LIMIT + 1)]]));
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ statusCode: '413' });
    expect(await stored('over.txt')).toBe(false);
    expect(await leftovers()).toEqual([]);
  });

  it('a file part of a type the bucket does not allow is 415 before it is stored', async () => {
    const response = await post('page.html', form([['', bytes(10, 'text/html')]]));
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'invalid_mime_type' });
    expect(await stored('page.html')).toBe(false);
  });

  it('two file parts are refused with 400', async () => {
    const response = await post(
      'two.txt',
      form([
        ['', bytes(10)],
        ['second', bytes(10)],
      ]),
    );
    expect(response.status).toBe(400);
    expect(await stored('two.txt')).toBe(false);
  });

  it('a body without a file part, or cut off before its end, is 400', async () => {
    const noFile = await post('nofile.txt', form([['cacheControl', '60']]));
    expect(noFile.status).toBe(400);
    const boundary = 'cut-boundary';
    const cut = await post(
      'cut.txt',
      `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhalf a file`,
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    expect(cut.status).toBe(400);
    expect(await stored('cut.txt')).toBe(false);
    expect(await leftovers()).toEqual([]);
  });

  it('metadata above 1 MiB is 413; a field name busboy cannot parse is no crash', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024) });
    const response = await post(
      'meta.txt',
      form([
        ['metadata', big],
        ['', bytes(10)],
      ]),
    );
    expect(response.status).toBe(413);
    expect(await stored('meta.txt')).toBe(false);
    const garbage = await post('garbage.txt', 'not multipart at all', {
      'content-type': 'multipart/form-data; boundary=',
    });
    expect(garbage.status).toBe(400);
  });
});
