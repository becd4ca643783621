import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../src/testing.ts';
import { client, signedIn, startConformanceStack } from './support.ts';

/*
 * supabase-js storage methods beyond the basics, against the local stack: user metadata and
 * `info()`, `listV2()`, `emptyBucket()` and image transformation (not enabled, as on a hosted
 * project without the feature). Each asserts hosted's documented answer.
 */

let stack: RunningStack;
const storage = () => client(stack, stack.serviceRoleKey).storage;

let counter = 0;
const bucketName = () => {
  counter += 1;
  return `objects-${Date.now().toString(36)}-${counter}`;
};

const file = (text: string, type = 'text/plain') => new Blob([text], { type });

function storageError(error: unknown) {
  const e = error as { name?: string; status?: number; statusCode?: string; message?: string };
  return e && { name: e.name, status: e.status, statusCode: e.statusCode, message: e.message };
}

beforeAll(async () => {
  stack = await startConformanceStack();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('user metadata and info()', () => {
  let bucket: string;

  beforeAll(async () => {
    bucket = bucketName();
    await storage().createBucket(bucket, { public: false, fileSizeLimit: 1024 });
  });

  it('keeps the metadata of a form upload (field `metadata`) and info() returns it', async () => {
    const from = storage().from(bucket);
    const metadata = { caption: 'Leaf', tags: ['eco', 'green'] };
    const uploaded = await from.upload('meta/form.txt', file('form'), {
      metadata,
      cacheControl: '120',
    });
    expect(uploaded.error).toBeNull();
    const { data, error } = await from.info('meta/form.txt');
    expect(error).toBeNull();
    expect(data).toEqual({
      id: uploaded.data!.id,
      name: 'meta/form.txt',
      version: expect.any(String),
      bucketId: bucket,
      size: 4,
      contentType: 'text/plain',
      cacheControl: 'max-age=120',
      etag: expect.stringMatching(/^".+"$/),
      metadata,
      lastModified: expect.any(String),
      createdAt: expect.any(String),
    });
  });

  it('keeps the metadata of a raw upload (header `x-metadata`)', async () => {
    const from = storage().from(bucket);
    const metadata = { source: 'camera' };
    const body = new TextEncoder().encode('raw bytes');
    const uploaded = await from.upload('meta/raw.bin', body, {
      metadata,
      contentType: 'application/octet-stream',
    });
    expect(uploaded.error).toBeNull();
    expect((await from.info('meta/raw.bin')).data).toMatchObject({
      size: body.length,
      contentType: 'application/octet-stream',
      metadata,
    });
  });

  it('an upload without metadata has null metadata; update replaces it; copy keeps it', async () => {
    const from = storage().from(bucket);
    await from.upload('meta/plain.txt', file('plain'));
    expect((await from.info('meta/plain.txt')).data!.metadata).toBeNull();
    await from.update('meta/plain.txt', file('changed'), { metadata: { rev: 2 } });
    expect((await from.info('meta/plain.txt')).data).toMatchObject({
      size: 7,
      metadata: { rev: 2 },
    });
    expect((await from.copy('meta/plain.txt', 'meta/copy.txt')).error).toBeNull();
    expect((await from.info('meta/copy.txt')).data!.metadata).toEqual({ rev: 2 });
  });

  it('info() of a missing object: 404 "Object not found"; of a missing bucket: "Bucket not found"', async () => {
    const missing = await storage().from(bucket).info('meta/none.txt');
    expect(storageError(missing.error)).toMatchObject({ status: 404, message: 'Object not found' });
    const noBucket = await storage().from(bucketName()).info('x.txt');
    expect(storageError(noBucket.error)).toMatchObject({
      status: 404,
      message: 'Bucket not found',
    });
  });

  it('info() of another user’s object in a private bucket is 404 for a signed-in user', async () => {
    const { supabase } = await signedIn(stack);
    const { error } = await supabase.storage.from(bucket).info('meta/form.txt');
    expect(storageError(error)).toMatchObject({ status: 404, message: 'Object not found' });
  });

  it('metadata that is not a JSON object is refused and nothing is stored', async () => {
    const response = await fetch(`${stack.apiUrl}/storage/v1/object/${bucket}/meta/bad.txt`, {
      method: 'POST',
      headers: {
        apikey: stack.serviceRoleKey,
        authorization: `Bearer ${stack.serviceRoleKey}`,
        'content-type': 'text/plain',
        'x-metadata': Buffer.from('not json').toString('base64'),
      },
      body: 'bad',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
    const form = new FormData();
    form.append('metadata', '[1, 2]');
    form.append('', file('bad'));
    const formResponse = await fetch(
      `${stack.apiUrl}/storage/v1/object/${bucket}/meta/bad-form.txt`,
      {
        method: 'POST',
        headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
        body: form,
      },
    );
    expect(formResponse.status).toBe(400);
    const listed = await storage().from(bucket).list('meta');
    expect(listed.data!.map((entry) => entry.name)).not.toContain('bad.txt');
    expect(listed.data!.map((entry) => entry.name)).not.toContain('bad-form.txt');
  });
});

describe('listV2()', () => {
  let bucket: string;
  const names = ['docs/a.txt', 'docs/b.txt', 'docs/sub/c.txt', 'docs/sub/deep/d.txt', 'top.txt'];

  beforeAll(async () => {
    bucket = bucketName();
    await storage().createBucket(bucket);
    for (const name of names) await storage().from(bucket).upload(name, file(name));
  });

  it('lists every object under a prefix, flat, with full names', async () => {
    const { data, error } = await storage().from(bucket).listV2({ prefix: 'docs/' });
    expect(error).toBeNull();
    expect(data!.hasNext).toBe(false);
    expect(data!.folders).toEqual([]);
    expect(data!.objects.map((o) => o.name)).toEqual(names.slice(0, 4));
    expect(data!.objects[0]).toMatchObject({
      id: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      metadata: expect.objectContaining({ size: 10, mimetype: 'text/plain' }),
    });
  });

  it('with_delimiter groups sub-folders (name ending in "/", key the last segment)', async () => {
    const { data } = await storage().from(bucket).listV2({ prefix: 'docs/', with_delimiter: true });
    expect(data!.folders).toEqual([expect.objectContaining({ name: 'docs/sub/', key: 'sub' })]);
    expect(data!.objects.map((o) => [o.name, o.key])).toEqual([
      ['docs/a.txt', 'a.txt'],
      ['docs/b.txt', 'b.txt'],
    ]);
    const root = await storage().from(bucket).listV2({ with_delimiter: true });
    expect(root.data!.folders.map((f) => f.name)).toEqual(['docs/']);
    expect(root.data!.objects.map((o) => o.name)).toEqual(['top.txt']);
  });

  it('pages with limit and nextCursor until hasNext is false', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const { data, error } = await storage()
        .from(bucket)
        .listV2({ limit: 2, ...(cursor ? { cursor } : {}) });
      expect(error).toBeNull();
      seen.push(...data!.objects.map((o) => o.name));
      if (!data!.hasNext) break;
      expect(data!.objects).toHaveLength(2);
      cursor = data!.nextCursor;
    }
    expect(seen).toEqual(names);
  });

  it('sorts by created_at descending, paging included', async () => {
    const first = await storage()
      .from(bucket)
      .listV2({ limit: 3, sortBy: { column: 'created_at', order: 'desc' } });
    const second = await storage()
      .from(bucket)
      .listV2({
        limit: 3,
        cursor: first.data!.nextCursor!,
        sortBy: { column: 'created_at', order: 'desc' },
      });
    expect([...first.data!.objects, ...second.data!.objects].map((o) => o.name)).toEqual(
      [...names].reverse(),
    );
  });

  it('a bad sort column, limit or cursor: 400; an unknown bucket: 404', async () => {
    const from = storage().from(bucket);
    const badSort = await from.listV2({
      sortBy: { column: 'size' as 'name', order: 'asc' },
    });
    expect(storageError(badSort.error)).toMatchObject({ status: 400 });
    expect(storageError((await from.listV2({ limit: 0 })).error)).toMatchObject({ status: 400 });
    expect(storageError((await from.listV2({ cursor: '%%%' })).error)).toMatchObject({
      status: 400,
    });
    const missing = await storage().from(bucketName()).listV2();
    expect(storageError(missing.error)).toMatchObject({
      status: 404,
      message: 'Bucket not found',
    });
  });
});

describe('emptyBucket()', () => {
  it('answers as hosted: the deletion is "queued" (here done at once)', async () => {
    const bucket = bucketName();
    await storage().createBucket(bucket);
    await storage().from(bucket).upload('one.txt', file('1'));
    await storage().from(bucket).upload('dir/two.txt', file('2'));
    const { data, error } = await storage().emptyBucket(bucket);
    expect(error).toBeNull();
    expect(data).toEqual({
      message: 'Empty bucket has been queued. Completion may take up to an hour.',
    });
    expect((await storage().from(bucket).listV2()).data!.objects).toEqual([]);
  });

  it('is for the service role only: 403 "Access denied: Invalid role", nothing deleted', async () => {
    const bucket = bucketName();
    await storage().createBucket(bucket, { public: true });
    await storage().from(bucket).upload('stay.txt', file('stay'));
    const { supabase } = await signedIn(stack);
    for (const caller of [client(stack).storage, supabase.storage]) {
      const { error } = await caller.emptyBucket(bucket);
      expect(storageError(error)).toMatchObject({
        status: 403,
        statusCode: '403',
        message: 'Access denied: Invalid role',
      });
    }
    expect((await storage().from(bucket).list()).data!.map((o) => o.name)).toEqual(['stay.txt']);
  });

  it('an unknown bucket: 404 "Bucket not found"', async () => {
    const { error } = await storage().emptyBucket(bucketName());
    expect(storageError(error)).toMatchObject({ status: 404, message: 'Bucket not found' });
  });
});

describe('image transformation (not enabled)', () => {
  let bucket: string;
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const notEnabled = {
    statusCode: '403',
    code: 'FeatureNotEnabled',
    error: 'FeatureNotEnabled',
    message: 'feature not enabled for this tenant',
  };

  beforeAll(async () => {
    bucket = bucketName();
    await storage().createBucket(bucket, { public: true });
    await storage().from(bucket).upload('leaf.png', png, { contentType: 'image/png' });
  });

  it('download() with a transform: 403 FeatureNotEnabled', async () => {
    const { data, error } = await storage()
      .from(bucket)
      .download('leaf.png', { transform: { width: 10, height: 10 } });
    expect(data).toBeNull();
    expect(storageError(error)).toMatchObject({
      status: 403,
      statusCode: '403',
      message: 'feature not enabled for this tenant',
    });
  });

  it('getPublicUrl() with a transform gives a /render/image URL answering 403', async () => {
    const { data } = storage()
      .from(bucket)
      .getPublicUrl('leaf.png', { transform: { width: 10 } });
    expect(data.publicUrl).toContain('/storage/v1/render/image/public/');
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(notEnabled);
    const signedRender = await fetch(
      `${stack.apiUrl}/storage/v1/render/image/sign/${bucket}/leaf.png?token=x`,
    );
    expect(signedRender.status).toBe(403);
    expect(await signedRender.json()).toEqual(notEnabled);
  });

  it('createSignedUrl() with a transform signs the original, as hosted does without the feature', async () => {
    const { data, error } = await storage()
      .from(bucket)
      .createSignedUrl('leaf.png', 60, { transform: { width: 10 } });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/storage/v1/object/sign/');
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
  });
});
