import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type pg from 'pg';
import { createAuthService, type AuthSettingsInput } from '../src/auth/index.js';
import { applyBootstrap } from '../src/bootstrap.js';
import { readBody, sendWebResponse, toWebRequest } from '../src/http.js';
import { loadOrCreateKeys, type StackKeys } from '../src/keys.js';
import { createOutbox, type Outbox } from '../src/outbox.js';
import { startDatabase } from '../src/postgres.js';

export interface AuthHarness {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  pool: pg.Pool;
  keys: StackKeys;
  outbox: Outbox;
  /** A supabase-js client as a Node app creates it. */
  client(key?: string): SupabaseClient;
  /** Serves another auth service (own settings / clock) on the same database. */
  serveAuth(options: { settings?: AuthSettingsInput; now?: () => number }): Promise<{ apiUrl: string; stop(): Promise<void> }>;
  stop(): Promise<void>;
}

export const SITE_URL = 'http://localhost:3000';

/**
 * A real Postgres with the stack's bootstrap SQL and the auth service behind an HTTP server that
 * mounts it at /auth/v1 as the gateway does.
 */
export async function startAuthHarness(): Promise<AuthHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'verdant-auth-'));
  const db = await startDatabase({ dataDir, ephemeral: true });
  await applyBootstrap(db.pool);
  const keys = await loadOrCreateKeys(dataDir);
  const outbox = createOutbox(dataDir);
  const servers: Array<{ stop(): Promise<void> }> = [];

  const serveAuth: AuthHarness['serveAuth'] = async ({ settings, now }) => {
    let apiUrl = '';
    const service = () =>
      createAuthService({ pool: db.pool, keys, outbox, apiUrl, siteUrl: SITE_URL, ...(settings ? { settings } : {}), ...(now ? { now } : {}) });
    let auth: ReturnType<typeof createAuthService> | undefined;
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', apiUrl);
      void (async () => {
        if (!url.pathname.startsWith('/auth/v1/')) {
          res.writeHead(404).end();
          return;
        }
        const body = await readBody(req, 2 * 1024 * 1024);
        auth ??= service();
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

  const main = await serveAuth({});
  return {
    apiUrl: main.apiUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    pool: db.pool,
    keys,
    outbox,
    client: (key = keys.anonKey) => nodeClient(main.apiUrl, key),
    serveAuth,
    async stop() {
      for (const server of servers) await server.stop();
      await db.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function nodeClient(apiUrl: string, key: string): SupabaseClient {
  return createClient(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

let counter = 0;
/** A fresh address per call. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const STRONG_PASSWORD = 'Green-Leaf-42!';

/** Raw call to the auth API (for what supabase-js does not expose). */
export async function authFetch(
  apiUrl: string,
  path: string,
  init: RequestInit & { token?: string; apiKey?: string } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers = new Headers(init.headers);
  if (init.apiKey) headers.set('apikey', init.apiKey);
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
  const tables = ['users', 'identities', 'sessions', 'refresh_tokens', 'mfa_factors', 'mfa_challenges', 'audit_log_entries'];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await pool.query<{ count: string }>(`select count(*) from auth.${table}`);
    counts[table] = Number(rows[0]?.count ?? 0);
  }
  return counts;
}
