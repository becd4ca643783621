import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack.ts';
import { nodeSupabaseOptions, startTestStack } from '../src/testing.ts';
import { createUser, NO_MIGRATIONS, type TestUser } from './helpers.ts';

let stack: RunningStack;
let alice: TestUser;
let bob: TestUser;
let service: SupabaseClient;

function clientFor(user?: TestUser): SupabaseClient {
  return createClient(stack.apiUrl, stack.anonKey, {
    ...nodeSupabaseOptions,
    global: user ? { headers: { Authorization: `Bearer ${user.token}` } } : {},
  });
}

const png = (bytes: number[]) =>
  new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...bytes])], { type: 'image/png' });

beforeAll(async () => {
  stack = await startTestStack({ seed: false, migrationsDir: NO_MIGRATIONS });
  [alice, bob] = [await createUser(stack), await createUser(stack)];
  service = createClient(stack.apiUrl, stack.serviceRoleKey, nodeSupabaseOptions);
  // Policies as an avatars migration would write them: everyone reads, users write only their own folder.
  await stack.pool.query(`
    create policy "read documents own folder" on storage.objects for select to authenticated
      using (bucket_id = 'documents' and (storage.foldername(name))[1] = auth.uid()::text);
    create policy "write own folder" on storage.objects for insert to authenticated
      with check (bucket_id in ('avatars', 'documents') and (storage.foldername(name))[1] = auth.uid()::text);
    create policy "update own folder" on storage.objects for update to authenticated
      using ((storage.foldername(name))[1] = auth.uid()::text);
    create policy "delete own folder" on storage.objects for delete to authenticated
      using ((storage.foldername(name))[1] = auth.uid()::text);
    create policy "read avatars" on storage.objects for select using (bucket_id = 'avatars');
  `);
});

afterAll(async () => {
  await stack?.stop();
});

describe('storage through supabase-js', () => {
  it('creates buckets with the service role only', async () => {
    const created = await service.storage.createBucket('avatars', {
      public: true,
      fileSizeLimit: 1024,
      allowedMimeTypes: ['image/*'],
    });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ name: 'avatars' });
    expect((await service.storage.createBucket('documents', { public: false })).error).toBeNull();

    const byUser = await clientFor(alice).storage.createBucket('mine');
    expect(byUser.error).not.toBeNull();
    const duplicate = await service.storage.createBucket('avatars');
    expect(duplicate.error).not.toBeNull();

    const bucket = await service.storage.getBucket('avatars');
    expect(bucket.data).toMatchObject({
      id: 'avatars',
      public: true,
      file_size_limit: 1024,
      allowed_mime_types: ['image/*'],
    });
  });

  it('uploads into the own folder, refuses other folders, limits size and type', async () => {
    const storage = clientFor(alice).storage.from('avatars');
    const ok = await storage.upload(`${alice.id}/me.png`, png([1, 2, 3]));
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({
      path: `${alice.id}/me.png`,
      fullPath: `avatars/${alice.id}/me.png`,
    });

    const foreign = await storage.upload(`${bob.id}/me.png`, png([1]));
    expect(foreign.error).toMatchObject({ statusCode: '403' });
    const anonymous = await clientFor()
      .storage.from('avatars')
      .upload('x/me.png', png([1]));
    expect(anonymous.error).toMatchObject({ statusCode: '403' });

    const tooBig = await storage.upload(`${alice.id}/big.png`, png(new Array(2000).fill(7)));
    expect(tooBig.error).toMatchObject({ statusCode: '413' });
    const wrongType = await storage.upload(
      `${alice.id}/notes.txt`,
      new Blob(['hello'], { type: 'text/plain' }),
    );
    expect(wrongType.error).toMatchObject({ statusCode: '415' });

    const again = await storage.upload(`${alice.id}/me.png`, png([9]));
    expect(again.error).toMatchObject({ statusCode: '409' });
    const upsert = await storage.upload(`${alice.id}/me.png`, png([4, 5, 6]), { upsert: true });
    expect(upsert.error).toBeNull();

    const { rows } = await stack.pool.query(
      `select name, owner_id from storage.objects where bucket_id = 'avatars' order by name`,
    );
    expect(rows).toEqual([{ name: `${alice.id}/me.png`, owner_id: alice.id }]);
  });

  it('refuses a caller who may not write by RLS, not as a duplicate, even where the object exists', async () => {
    // avatars is public: anyone may read alice's avatar, so it is visible that it exists. Only a
    // caller who may write there may learn from a 409 that the key is taken.
    const existing = `${alice.id}/me.png`;
    const before = await stack.pool.query(
      `select id, version, updated_at from storage.objects where bucket_id = 'avatars' and name = $1`,
      [existing],
    );
    expect(before.rows).toHaveLength(1);
    for (const caller of [clientFor(), clientFor(bob)]) {
      const taken = await caller.storage.from('avatars').upload(existing, png([7]));
      expect(taken.error).toMatchObject({
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      const free = await caller.storage.from('avatars').upload(`${alice.id}/free.png`, png([7]));
      expect(free.error).toMatchObject({ statusCode: '403' });
    }
    const after = await stack.pool.query(
      `select id, version, updated_at from storage.objects where bucket_id = 'avatars' and name = $1`,
      [existing],
    );
    expect(after.rows).toEqual(before.rows);
    const owner = await clientFor(alice)
      .storage.from('avatars')
      .upload(existing, png([7]));
    expect(owner.error).toMatchObject({
      statusCode: '409',
      message: 'The resource already exists',
    });
  });

  it('uploads raw bodies (ArrayBuffer) with their content type', async () => {
    const storage = clientFor(alice).storage.from('documents');
    const body = new TextEncoder().encode('%PDF-1.7 test').buffer;
    const res = await storage.upload(`${alice.id}/report.pdf`, body, {
      contentType: 'application/pdf',
    });
    expect(res.error).toBeNull();
    const file = await storage.download(`${alice.id}/report.pdf`);
    expect(file.data?.type).toBe('application/pdf');
    expect(await file.data?.text()).toBe('%PDF-1.7 test');
  });

  it('downloads with policies, serves public URLs of public buckets and signed URLs', async () => {
    const avatar = await clientFor(bob).storage.from('avatars').download(`${alice.id}/me.png`);
    expect(avatar.error).toBeNull();
    expect([...new Uint8Array(await avatar.data!.arrayBuffer())]).toEqual([
      0x89, 0x50, 0x4e, 0x47, 4, 5, 6,
    ]);

    const publicUrl = clientFor().storage.from('avatars').getPublicUrl(`${alice.id}/me.png`)
      .data.publicUrl;
    const publicRes = await fetch(publicUrl);
    expect(publicRes.status).toBe(200);
    expect(publicRes.headers.get('content-type')).toBe('image/png');

    const privateDoc = await clientFor(bob)
      .storage.from('documents')
      .download(`${alice.id}/report.pdf`);
    expect(privateDoc.error).not.toBeNull();
    const privatePublicUrl = clientFor()
      .storage.from('documents')
      .getPublicUrl(`${alice.id}/report.pdf`).data.publicUrl;
    expect((await fetch(privatePublicUrl)).status).toBe(404);

    const bobSigns = await clientFor(bob)
      .storage.from('documents')
      .createSignedUrl(`${alice.id}/report.pdf`, 60);
    expect(bobSigns.error).not.toBeNull();
    const signed = await clientFor(alice)
      .storage.from('documents')
      .createSignedUrl(`${alice.id}/report.pdf`, 60);
    expect(signed.error).toBeNull();
    const signedRes = await fetch(signed.data!.signedUrl);
    expect(signedRes.status).toBe(200);
    expect(await signedRes.text()).toBe('%PDF-1.7 test');
    const tampered = signed.data!.signedUrl.replace('report.pdf', 'other.pdf');
    expect((await fetch(tampered)).status).toBe(400);
    const noToken = signed.data!.signedUrl.split('?')[0]!;
    expect((await fetch(noToken)).status).toBe(400);
  });

  it('refuses absurd expiresIn values and oversized signing batches with storage-shaped 400s', async () => {
    const headers = {
      apikey: stack.anonKey,
      Authorization: `Bearer ${alice.token}`,
      'Content-Type': 'application/json',
    };
    const sign = (path: string, body: unknown) =>
      fetch(`${stack.apiUrl}/storage/v1/object/sign/${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
    const one = `avatars/${alice.id}/me.png`;

    // Past the latest expiry storage-api signs (Number.MAX_SAFE_INTEGER milliseconds).
    for (const expiresIn of [1e30, Math.floor(Number.MAX_SAFE_INTEGER / 1000)]) {
      for (const answer of [
        await sign(one, { expiresIn }),
        await sign('avatars', { expiresIn, paths: [`${alice.id}/me.png`, 'nobody/none.png'] }),
      ]) {
        expect(answer.status).toBe(400);
        expect(await answer.json()).toEqual({
          statusCode: '400',
          code: 'InvalidParameter',
          error: 'InvalidParameter',
          message: 'Invalid Parameter expiresIn',
        });
      }
    }
    for (const expiresIn of [1.5, 0, -60, '60', null]) {
      const answer = await sign(one, { expiresIn });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
    }
    // Checked before the object is looked up, so a missing object does not hide the refusal.
    expect((await sign(`avatars/${alice.id}/none.png`, { expiresIn: 1e30 })).status).toBe(400);

    const year = 365 * 24 * 60 * 60;
    const ok = await sign(one, { expiresIn: year });
    expect(ok.status).toBe(200);
    const { signedURL } = (await ok.json()) as { signedURL: string };
    const token = new URL(signedURL, stack.apiUrl).searchParams.get('token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(year);

    const names = (count: number) =>
      Array.from({ length: count }, (_, i) => `${alice.id}/missing-${i}.png`);
    for (const paths of [names(1001), []]) {
      const answer = await sign('avatars', { expiresIn: 60, paths });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        statusCode: '400',
        error: 'InvalidRequest',
        message: 'paths must list 1 to 1000 object names',
      });
    }
    const full = await sign('avatars', { expiresIn: 60, paths: names(1000) });
    expect(full.status).toBe(200);
    expect(await full.json()).toHaveLength(1000);
  });

  it('lists one folder level, sorted by name, with limit and offset', async () => {
    const storage = clientFor(alice).storage.from('avatars');
    for (const name of ['c.png', 'a.png', 'b.png', 'nested/d.png']) {
      expect((await storage.upload(`${alice.id}/${name}`, png([1]))).error).toBeNull();
    }
    const all = await storage.list(alice.id);
    expect(all.error).toBeNull();
    expect(all.data?.map((entry) => entry.name)).toEqual([
      'a.png',
      'b.png',
      'c.png',
      'me.png',
      'nested',
    ]);
    expect(all.data?.find((entry) => entry.name === 'nested')?.id).toBeNull();
    expect(all.data?.find((entry) => entry.name === 'a.png')?.metadata).toMatchObject({
      mimetype: 'image/png',
      size: 5,
    });

    const page = await storage.list(alice.id, { limit: 2, offset: 1 });
    expect(page.data?.map((entry) => entry.name)).toEqual(['b.png', 'c.png']);
    const desc = await storage.list(alice.id, {
      sortBy: { column: 'name', order: 'desc' },
      limit: 2,
    });
    expect(desc.data?.map((entry) => entry.name)).toEqual(['nested', 'me.png']);
    const top = await storage.list();
    expect(top.data?.map((entry) => entry.name)).toEqual([alice.id]);

    const docsAsBob = await clientFor(bob).storage.from('documents').list(alice.id);
    expect(docsAsBob.data).toEqual([]);
  });

  it('removes only what the policies allow', async () => {
    const bobRemoves = await clientFor(bob)
      .storage.from('avatars')
      .remove([`${alice.id}/a.png`]);
    expect(bobRemoves.error).toBeNull();
    expect(bobRemoves.data).toEqual([]);
    const removed = await clientFor(alice)
      .storage.from('avatars')
      .remove([`${alice.id}/a.png`, `${alice.id}/b.png`]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((entry) => entry.name).sort()).toEqual([
      `${alice.id}/a.png`,
      `${alice.id}/b.png`,
    ]);
    const gone = await clientFor(alice).storage.from('avatars').download(`${alice.id}/a.png`);
    expect(gone.error).not.toBeNull();
    const left = await clientFor(alice).storage.from('avatars').list(alice.id);
    expect(left.data?.map((entry) => entry.name)).toEqual(['c.png', 'me.png', 'nested']);
  });

  it('moves and copies objects within the policies', async () => {
    const storage = clientFor(alice).storage.from('avatars');
    expect((await storage.move(`${alice.id}/c.png`, `${alice.id}/moved.png`)).error).toBeNull();
    expect((await storage.download(`${alice.id}/c.png`)).error).not.toBeNull();
    expect((await storage.download(`${alice.id}/moved.png`)).error).toBeNull();
    const copy = await storage.copy(`${alice.id}/moved.png`, `${alice.id}/copy.png`);
    expect(copy.error).toBeNull();
    expect(copy.data).toEqual({ path: `avatars/${alice.id}/copy.png` });
    expect((await storage.download(`${alice.id}/copy.png`)).error).toBeNull();
    const intoBob = await storage.copy(`${alice.id}/moved.png`, `${bob.id}/stolen.png`);
    expect(intoBob.error).toMatchObject({ statusCode: '403' });
    const bobMoves = await clientFor(bob)
      .storage.from('avatars')
      .move(`${alice.id}/copy.png`, `${bob.id}/copy.png`);
    expect(bobMoves.error).not.toBeNull();
  });

  it('issues signed upload URLs only to callers allowed to upload', async () => {
    const storage = clientFor(alice).storage.from('avatars');
    const refused = await clientFor(bob)
      .storage.from('avatars')
      .createSignedUploadUrl(`${alice.id}/via-bob.png`);
    expect(refused.error).toMatchObject({ statusCode: '403' });
    const signed = await storage.createSignedUploadUrl(`${alice.id}/signed.png`);
    expect(signed.error).toBeNull();
    const anonymous = clientFor().storage.from('avatars');
    const uploaded = await anonymous.uploadToSignedUrl(
      `${alice.id}/signed.png`,
      signed.data!.token,
      png([7, 7]),
    );
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({
      path: `${alice.id}/signed.png`,
      fullPath: `avatars/${alice.id}/signed.png`,
    });
    const reused = await anonymous.uploadToSignedUrl(
      `${alice.id}/other.png`,
      signed.data!.token,
      png([7]),
    );
    expect(reused.error).toMatchObject({ statusCode: '400' });
    const { rows } = await stack.pool.query(
      `select owner_id from storage.objects where name = $1`,
      [`${alice.id}/signed.png`],
    );
    expect(rows).toEqual([{ owner_id: alice.id }]);
  });

  it('refuses to delete a non-empty bucket, empties and deletes it', async () => {
    expect((await service.storage.deleteBucket('documents')).error).toMatchObject({
      statusCode: '409',
    });
    expect((await service.storage.emptyBucket('documents')).error).toBeNull();
    expect((await service.storage.deleteBucket('documents')).error).toBeNull();
    expect((await service.storage.getBucket('documents')).error).not.toBeNull();
  });

  it('answers bad input with 4xx JSON', async () => {
    const headers = { apikey: stack.anonKey, Authorization: `Bearer ${alice.token}` };
    const badJson = await fetch(`${stack.apiUrl}/storage/v1/object/list/avatars`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: '{nope',
    });
    expect(badJson.status).toBe(400);
    const traversal = await fetch(
      `${stack.apiUrl}/storage/v1/object/avatars/${alice.id}%2F..%2Fx.png`,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'image/png' },
        body: 'x',
      },
    );
    expect(traversal.status).toBe(400);
    const missingBucket = await fetch(`${stack.apiUrl}/storage/v1/object/nope/${alice.id}/x.png`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'image/png' },
      body: 'x',
    });
    expect(missingBucket.status).toBe(404);
    const badSort = await fetch(`${stack.apiUrl}/storage/v1/object/list/avatars`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefix: '', sortBy: { column: 'id; drop table x', order: 'asc' } }),
    });
    expect(badSort.status).toBe(400);
    const badToken = await fetch(`${stack.apiUrl}/storage/v1/bucket`, {
      headers: { apikey: stack.anonKey, Authorization: 'Bearer nope' },
    });
    expect(badToken.status).toBe(400);
    expect(await badToken.json()).toMatchObject({ error: 'InvalidJWT' });
  });
});
