// Storage buckets and their policies, through /storage/v1 with supabase-js.
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInClient } from './support/clients.ts';
import { createUser, type Profile } from './support/users.ts';

const password = 'Sturdy#Pass2026';
let stack: RunningStack;
let merchant: Profile;
let affiliate: Profile;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  merchant = await createUser(stack, {
    email: 'files-merchant@storage.test',
    password,
    metadata: { role: 'merchant' },
  });
  affiliate = await createUser(stack, { email: 'files-affiliate@storage.test', password });
  await createUser(stack, { email: 'files-admin@storage.test', password, role: 'admin' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const png = () =>
  new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], {
    type: 'image/png',
  });
const pdf = () => new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' });

describe('avatars', () => {
  it('a user uploads into its own folder only, and anyone reads', async () => {
    const client = await signedInClient(stack, 'files-affiliate@storage.test', password);
    const own = await client.storage
      .from('avatars')
      .upload(`${affiliate.id}/me.png`, png(), { contentType: 'image/png' });
    expect(own.error).toBeNull();
    const other = await client.storage
      .from('avatars')
      .upload(`${merchant.id}/me.png`, png(), { contentType: 'image/png' });
    expect(other.error).not.toBeNull();
    const download = await anonClient(stack)
      .storage.from('avatars')
      .download(`${affiliate.id}/me.png`);
    expect(download.error).toBeNull();
    expect(download.data?.size).toBe(8);
  });

  it('refuses SVG uploads', async () => {
    const client = await signedInClient(stack, 'files-affiliate@storage.test', password);
    const svg = new Blob(
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      { type: 'image/svg+xml' },
    );
    const { error } = await client.storage
      .from('avatars')
      .upload(`${affiliate.id}/x.svg`, svg, { contentType: 'image/svg+xml' });
    expect(error).not.toBeNull();
  });
});

describe('product images', () => {
  it('only merchants upload, into their own folder', async () => {
    const asMerchant = await signedInClient(stack, 'files-merchant@storage.test', password);
    expect(
      (
        await asMerchant.storage
          .from('product-images')
          .upload(`${merchant.id}/brush.png`, png(), { contentType: 'image/png' })
      ).error,
    ).toBeNull();
    const asAffiliate = await signedInClient(stack, 'files-affiliate@storage.test', password);
    expect(
      (
        await asAffiliate.storage
          .from('product-images')
          .upload(`${affiliate.id}/brush.png`, png(), { contentType: 'image/png' })
      ).error,
    ).not.toBeNull();
  });
});

describe('claim evidence', () => {
  it('is private to the merchant and admins', async () => {
    const asMerchant = await signedInClient(stack, 'files-merchant@storage.test', password);
    const path = `${merchant.id}/certificate.pdf`;
    expect(
      (
        await asMerchant.storage
          .from('claim-evidence')
          .upload(path, pdf(), { contentType: 'application/pdf' })
      ).error,
    ).toBeNull();
    expect((await asMerchant.storage.from('claim-evidence').download(path)).error).toBeNull();

    const asAdmin = await signedInClient(stack, 'files-admin@storage.test', password);
    expect((await asAdmin.storage.from('claim-evidence').download(path)).error).toBeNull();

    const asAffiliate = await signedInClient(stack, 'files-affiliate@storage.test', password);
    expect((await asAffiliate.storage.from('claim-evidence').download(path)).error).not.toBeNull();
    expect(
      (await anonClient(stack).storage.from('claim-evidence').download(path)).error,
    ).not.toBeNull();
  });
});
