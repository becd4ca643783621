import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { createAuthService, type AuthSettingsInput } from '../src/auth/index.ts';
import { readProjectConfig } from '../src/config.ts';
import { readBody, sendWebResponse, toWebRequest } from '../src/http.ts';
import { loadOrCreateKeys, type StackKeys } from '../src/keys.ts';
import { createOutbox } from '../src/outbox.ts';
import { nodeSupabaseOptions, startTestStack } from '../src/testing.ts';

export interface AuthHarness {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The web app's URL: the default target of links in mails. */
  siteUrl: string;
  pool: pg.Pool;
  keys: StackKeys;
  /** A supabase-js client as a Node app creates it. */
  client(key?: string): SupabaseClient;
  /** Serves another auth service (own settings / clock) on the same database. */
  serveAuth(options: {
    settings?: AuthSettingsInput;
    now?: () => number;
  }): Promise<{ apiUrl: string; stop(): Promise<void> }>;
  stop(): Promise<void>;
}

/** Site URL of the extra auth services `serveAuth` starts. */
export const SITE_URL = 'http://localhost:3000';

let defaultApiKey = '';

/**
 * A real stack from the test helper (Postgres, migrations, PostgREST, gateway, auth) with an
 * empty world, plus `serveAuth` for extra auth services with their own settings or clock on the
 * same database, mounted at /auth/v1 as the gateway mounts the stack's own.
 */
export async function startAuthHarness(): Promise<AuthHarness> {
  // Every request of a suite comes from one address: the stack's own limits are lifted (the
  // rate-limit tests use `serveAuth` with limits of their own).
  const lifted = '100000/60';
  const stack = await startTestStack({
    seed: false,
    env: {
      VERDANT_AUTH_RATE_LIMIT_TOKEN: lifted,
      VERDANT_AUTH_RATE_LIMIT_SIGNUP: lifted,
      VERDANT_AUTH_RATE_LIMIT_OTP: lifted,
      VERDANT_AUTH_RATE_LIMIT_RECOVER: lifted,
      VERDANT_AUTH_RATE_LIMIT_VERIFY: lifted,
    },
  });
  const keys = await loadOrCreateKeys(stack.dataDir);
  const outbox = createOutbox(stack.dataDir);
  const config = await readProjectConfig(
    fileURLToPath(new URL('../../../supabase/config.toml', import.meta.url)),
  );
  defaultApiKey = keys.anonKey;
  const servers: Array<{ stop(): Promise<void> }> = [];

  const serveAuth: AuthHarness['serveAuth'] = async ({ settings, now }) => {
    let apiUrl = '';
    let auth: ReturnType<typeof createAuthService> | undefined;
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', apiUrl);
      void (async () => {
        if (!url.pathname.startsWith('/auth/v1/')) {
          res.writeHead(404).end();
          return;
        }
        const body = await readBody(req, 2 * 1024 * 1024);
        auth ??= createAuthService({
          pool: stack.pool,
          keys,
          outbox,
          apiUrl,
          siteUrl: SITE_URL,
          config,
          ...(settings ? { settings } : {}),
          ...(now ? { now } : {}),
        });
        const response = await auth.handle(toWebRequest(req, url, body), {
          path: url.pathname.slice('/auth/v1'.length),
          ip: req.socket.remoteAddress ?? '',
        });
        await sendWebResponse(res, response);
      })().catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    apiUrl = `http://127.0.0.1:${address.port}`;
    const handle = {
      apiUrl,
      stop: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
    servers.push(handle);
    return handle;
  };

  return {
    apiUrl: stack.apiUrl,
    siteUrl: stack.webUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    pool: stack.pool,
    keys,
    client: (key = keys.anonKey) => nodeClient(stack.apiUrl, key),
    serveAuth,
    async stop() {
      for (const server of servers) await server.stop();
      await stack.stop();
    },
  };
}

export function nodeClient(apiUrl: string, key: string): SupabaseClient {
  return createClient(apiUrl, key, nodeSupabaseOptions);
}

let counter = 0;
/** A fresh address per call. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const STRONG_PASSWORD = 'Green-Leaf-42!';

/** Raw call to the auth API (for what supabase-js does not expose), with the anon key as apikey. */
export async function authFetch(
  apiUrl: string,
  path: string,
  init: RequestInit & { token?: string; apiKey?: string } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers = new Headers(init.headers);
  headers.set('apikey', init.apiKey ?? defaultApiKey);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${apiUrl}/auth/v1${path}`, { ...init, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

/** Counts rows of the auth tables (to prove bad input wrote nothing). */
export async function authRowCounts(pool: pg.Pool): Promise<Record<string, number>> {
  const tables = [
    'users',
    'identities',
    'sessions',
    'refresh_tokens',
    'mfa_factors',
    'mfa_challenges',
    'audit_log_entries',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await pool.query<{ count: string }>(`select count(*) from auth.${table}`);
    counts[table] = Number(rows[0]?.count ?? 0);
  }
  return counts;
}
