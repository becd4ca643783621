import { createApiClient } from '@verdant/api-client';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import {
  AUTO_REFRESH_CONFLICT_MESSAGE,
  createAuthEngine,
  createMemoryStorage,
} from '../../src/index.ts';

const client = (autoRefreshToken?: boolean) =>
  createApiClient({
    url: 'http://127.0.0.1:1',
    anonKey: 'anon-key',
    storage: createMemoryStorage(),
    // Node 20 has no WebSocket of its own (supabase-js's realtime client needs one).
    realtimeTransport: WebSocket as unknown as NonNullable<
      Parameters<typeof createApiClient>[0]['realtimeTransport']
    >,
    auth: {
      persistSession: false,
      detectSessionInUrl: false,
      ...(autoRefreshToken === undefined ? {} : { autoRefreshToken }),
    },
  });

describe('one refresher', () => {
  it('refuses an api-client whose supabase-js refreshes tokens too (the default)', () => {
    expect(() => createAuthEngine({ api: client() })).toThrow(AUTO_REFRESH_CONFLICT_MESSAGE);
    expect(() => createAuthEngine({ api: client(true) })).toThrow(AUTO_REFRESH_CONFLICT_MESSAGE);
  });

  it('takes an api-client made with autoRefreshToken: false', () => {
    const engine = createAuthEngine({ api: client(false), storage: createMemoryStorage() });
    expect(engine.getSnapshot().isInitialized).toBe(false);
  });
});
