import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../src/testing.ts';
import { client, startConformanceStack } from './support.ts';

/*
 * supabase-js's `storage.*` and `storage.from(bucket).*` methods, unmodified, against the local
 * stack, with the service role (storage policies are the migrations' business and are tested
 * with them): each method's success and its documented errors.
 */

let stack: RunningStack;
const storage = () => client(stack, stack.serviceRoleKey).storage;

let counter = 0;
const bucketName = () => {
  counter += 1;
  return `conformance-${Date.now().toString(36)}-${counter}`;
};

const file = (text: string, type = 'text/plain') => new Blob([text], { type });

/** `status` and `statusCode` of a StorageApiError. */
function storageError(error: unknown) {
  const e = error as { name?: string; status?: number; statusCode?: string } | null;
  return e && { name: e.name, status: e.status, statusCode: e.statusCode };
}

beforeAll(async () => {
  stack = await startConformanceStack();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('buckets', () => {
  it('createBucket, getBucket, listBuckets, updateBucket, emptyBucket, deleteBucket', async () => {
    const name = bucketName();
    const created = await storage().createBucket(name, {
      public: false,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['text/plain'],
    });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ name });

    const bucket = await storage().getBucket(name);
    expect(bucket.data).toMatchObject({
      id: name,
      name,
      public: false,
      file_size_limit: 1_000_000,
      allowed_mime_types: ['text/plain'],
    });

    const listed = await storage().listBuckets();
    expect(listed.data!.map((b) => b.id)).toContain(name);

    const updated = await storage().updateBucket(name, {
      public: true,
      fileSizeLimit: 2048,
      allowedMimeTypes: ['text/plain', 'image/png'],
    });
    expect(updated.error).toBeNull();
    expect((await storage().getBucket(name)).data).toMatchObject({
      public: true,
      file_size_limit: 2048,
      allowed_mime_types: ['text/plain', 'image/png'],
    });

    await storage().from(name).upload('a.txt', file('a'));
    const emptied = await storage().emptyBucket(name);
    expect(emptied.error).toBeNull();
    expect((await storage().from(name).list()).data).toEqual([]);

    const deleted = await storage().deleteBucket(name);
    expect(deleted.error).toBeNull();
    expect(deleted.data).toMatchObject({ message: expect.any(String) });
  });

  it('getBucket of an unknown bucket: 404 "Bucket not found"', async () => {
    const { error } = await storage().getBucket(bucketName());
    expect(storageError(error)).toMatchObject({ name: 'StorageApiError', status: 404 });
    expect(error!.message).toBe('Bucket not found');
  });

  it('createBucket of an existing id: 409 "The resource already exists"', async () => {
    const name = bucketName();
    await storage().createBucket(name);
    const { error } = await storage().createBucket(name);
    expect(storageError(error)).toMatchObject({ status: 409, statusCode: '409' });
    expect(error!.message).toBe('The resource already exists');
  });

  it('deleteBucket of a bucket with objects: 409, the bucket stays', async () => {
    const name = bucketName();
    await storage().createBucket(name);
    await storage().from(name).upload('keep.txt', file('keep'));
    const { error } = await storage().deleteBucket(name);
    expect(storageError(error)).toMatchObject({ status: 409 });
    expect((await storage().getBucket(name)).data).toMatchObject({ id: name });
  });
});

describe('objects', () => {
  let bucket: string;

  beforeAll(async () => {
    bucket = bucketName();
    await storage().createBucket(bucket, { public: true, fileSizeLimit: 1024 });
  });

  it('upload, download, list, update, move, copy, remove', async () => {
    const from = storage().from(bucket);
    const uploaded = await from.upload('docs/one.txt', file('one'), { contentType: 'text/plain' });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({
      path: 'docs/one.txt',
      fullPath: `${bucket}/docs/one.txt`,
    });

    const downloaded = await from.download('docs/one.txt');
    expect(await downloaded.data!.text()).toBe('one');

    const listed = await from.list('docs');
    expect(listed.data!.map((o) => o.name)).toEqual(['one.txt']);

    expect((await from.update('docs/one.txt', file('uno'))).error).toBeNull();
    expect(await (await from.download('docs/one.txt')).data!.text()).toBe('uno');

    expect((await from.copy('docs/one.txt', 'docs/two.txt')).error).toBeNull();
    expect((await from.move('docs/one.txt', 'docs/three.txt')).error).toBeNull();
    expect((await from.list('docs')).data!.map((o) => o.name)).toEqual(['three.txt', 'two.txt']);

    const removed = await from.remove(['docs/two.txt', 'docs/three.txt']);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((o) => o.name).sort()).toEqual(['docs/three.txt', 'docs/two.txt']);
    expect((await from.list('docs')).data).toEqual([]);
  });

  it('upload to an existing path without upsert: 409; with upsert it replaces', async () => {
    const from = storage().from(bucket);
    await from.upload('dup.txt', file('first'));
    const { error } = await from.upload('dup.txt', file('second'));
    expect(storageError(error)).toMatchObject({ status: 409 });
    expect(error!.message).toBe('The resource already exists');
    expect((await from.upload('dup.txt', file('third'), { upsert: true })).error).toBeNull();
    expect(await (await from.download('dup.txt')).data!.text()).toBe('third');
  });

  it('upload above the bucket’s size limit: 413', async () => {
    const { error } = await storage()
      .from(bucket)
      .upload('big.txt', file('x'.repeat(2048)));
    expect(storageError(error)).toMatchObject({ status: 413 });
  });

  it('download of a missing object: StorageError', async () => {
    const { data, error } = await storage().from(bucket).download('missing.txt');
    expect(data).toBeNull();
    expect(error).not.toBeNull();
  });

  it('createSignedUrl and createSignedUrls give URLs that download the object', async () => {
    const from = storage().from(bucket);
    await from.upload('signed.txt', file('signed'));
    const { data, error } = await from.createSignedUrl('signed.txt', 60);
    expect(error).toBeNull();
    expect(await (await fetch(data!.signedUrl)).text()).toBe('signed');
    const many = await from.createSignedUrls(['signed.txt'], 60);
    expect(many.data![0]).toMatchObject({ path: 'signed.txt', error: null });
    expect(await (await fetch(many.data![0]!.signedUrl!)).text()).toBe('signed');
  });

  it('createSignedUrl of a missing object: 404 "Object not found"', async () => {
    const { error } = await storage().from(bucket).createSignedUrl('nope.txt', 60);
    expect(storageError(error)).toMatchObject({ status: 404 });
    expect(error!.message).toBe('Object not found');
  });

  it('createSignedUploadUrl and uploadToSignedUrl', async () => {
    const from = storage().from(bucket);
    const { data, error } = await from.createSignedUploadUrl('via-token.txt');
    expect(error).toBeNull();
    const uploaded = await client(stack)
      .storage.from(bucket)
      .uploadToSignedUrl('via-token.txt', data!.token, file('token'));
    expect(uploaded.error).toBeNull();
    expect(await (await from.download('via-token.txt')).data!.text()).toBe('token');
  });

  it('getPublicUrl serves objects of a public bucket without a key', async () => {
    const from = storage().from(bucket);
    await from.upload('public.txt', file('public'));
    const { data } = from.getPublicUrl('public.txt');
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('public');
  });
});
