// Storage behaviour that must match hosted Supabase (issue 15, item 4): updateBucket is a patch.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack.ts';
import { nodeSupabaseOptions, startTestStack } from '../src/testing.ts';
import { NO_MIGRATIONS } from './helpers.ts';

let stack: RunningStack;
let service: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack({ seed: false, migrationsDir: NO_MIGRATIONS });
  service = createClient(stack.apiUrl, stack.serviceRoleKey, nodeSupabaseOptions);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('updateBucket', () => {
  it('changes only the fields it names', async () => {
    expect(
      (
        await service.storage.createBucket('patched', {
          public: true,
          fileSizeLimit: 1024,
          allowedMimeTypes: ['image/png'],
        })
      ).error,
    ).toBeNull();

    expect((await service.storage.updateBucket('patched', { public: false })).error).toBeNull();
    expect((await service.storage.getBucket('patched')).data).toMatchObject({
      public: false,
      file_size_limit: 1024,
      allowed_mime_types: ['image/png'],
    });

    expect(
      (await service.storage.updateBucket('patched', { public: false, fileSizeLimit: 2048 })).error,
    ).toBeNull();
    expect((await service.storage.getBucket('patched')).data).toMatchObject({
      public: false,
      file_size_limit: 2048,
      allowed_mime_types: ['image/png'],
    });
  });

  it('refuses a public flag that is not a boolean, changing nothing', async () => {
    const response = await fetch(`${stack.apiUrl}/storage/v1/bucket/patched`, {
      method: 'PUT',
      headers: {
        apikey: stack.serviceRoleKey,
        authorization: `Bearer ${stack.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ public: 'yes', file_size_limit: 1 }),
    });
    expect(response.status).toBe(400);
    expect((await service.storage.getBucket('patched')).data).toMatchObject({
      public: false,
      file_size_limit: 2048,
    });
  });
});
