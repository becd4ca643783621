import { vi } from 'vitest';
import WebSocket from 'ws';
import type { WebSocketLikeConstructor } from '@supabase/supabase-js';
import { createApiClient, type ApiClientOptions } from '../../src/index.ts';

export const TEST_URL = 'http://api.test';
export const TEST_KEY = 'anon-key';
export const USER_ID = '4b1e2a5c-8f3d-4c62-9a71-0d2f5e6b7c81';

export type Step = Response | Error | ((request: Request) => Response);

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function postgrestError(status: number, code: string, message: string): Response {
  return json({ code, message, details: null, hint: null }, status);
}

/** A fetch that answers from a script, one step per call, and records every request. */
export function scriptedFetch(...steps: Step[]) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    requests.push(request);
    const step = steps[requests.length - 1];
    if (step === undefined) throw new Error(`unexpected request ${request.method} ${request.url}`);
    if (step instanceof Error) throw step;
    return typeof step === 'function' ? step(request) : step;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, mock: fetch, requests };
}

export function clientWith(steps: Step[], options: Partial<ApiClientOptions> = {}) {
  const scripted = scriptedFetch(...steps);
  const sleep = vi.fn(async (_ms: number) => {});
  const logger = { warn: vi.fn() };
  const api = createApiClient({
    url: TEST_URL,
    anonKey: TEST_KEY,
    fetch: scripted.fetch,
    sleep,
    logger,
    // ws's overloaded constructor type is wider than supabase-js's minimal interface.
    realtimeTransport: WebSocket as unknown as WebSocketLikeConstructor,
    auth: { persistSession: false, autoRefreshToken: false },
    ...options,
  });
  return { api, sleep, logger, ...scripted };
}

/** `clientWith` whose session is `USER_ID`'s, read from its storage (no request). */
export function signedInClientWith(steps: Step[]) {
  const session = {
    access_token: 'token',
    refresh_token: 'refresh',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: USER_ID,
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: '',
    },
  };
  const storage = new Map([['verdant-test-auth', JSON.stringify(session)]]);
  return clientWith(steps, {
    auth: { persistSession: true, autoRefreshToken: false, storageKey: 'verdant-test-auth' },
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
  });
}
