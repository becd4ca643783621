import { readFile } from 'node:fs/promises';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSupabaseOptions, startTestStack } from '../src/testing.ts';
import type { RunningStack } from '../src/stack.ts';
import { createUser, NO_MIGRATIONS, waitForTable, type TestUser } from './helpers.ts';

let stack: RunningStack;
let alice: TestUser;
let bob: TestUser;

function clientFor(user?: TestUser): SupabaseClient {
  return createClient(stack.apiUrl, stack.anonKey, {
    ...nodeSupabaseOptions,
    global: user ? { headers: { Authorization: `Bearer ${user.token}` } } : {},
  });
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false, migrationsDir: NO_MIGRATIONS });
  [alice, bob] = [await createUser(stack), await createUser(stack)];
  await stack.pool.query(`
    create table public.notes (
      id bigint generated always as identity primary key,
      owner uuid not null default auth.uid() references auth.users (id),
      body text not null,
      public boolean not null default false
    );
    alter table public.notes enable row level security;
    create policy "read own or public" on public.notes for select using (public or owner = auth.uid());
    create policy "insert own" on public.notes for insert to authenticated with check (owner = auth.uid());
    create policy "update own" on public.notes for update to authenticated using (owner = auth.uid());
  `);
  await waitForTable(stack, 'notes');
});

afterAll(async () => {
  await stack?.stop();
});

/** The gateway's 413 for /rest/v1, in PostgREST's error shape. */
const POSTGREST_TOO_LARGE = {
  code: 'PGRST_PAYLOAD_TOO_LARGE',
  details: 'The request body exceeds the limit of 2097152 bytes',
  hint: null,
  message: 'Payload too large',
};

describe('PostgREST through the gateway', () => {
  it('applies row level security per user and for anon', async () => {
    const asAlice = clientFor(alice);
    const asBob = clientFor(bob);
    const anon = clientFor();

    const inserted = await asAlice
      .from('notes')
      .insert({ body: 'alice private' })
      .select()
      .single();
    expect(inserted.error, JSON.stringify(inserted)).toBeNull();
    expect(inserted.data).toMatchObject({ owner: alice.id, body: 'alice private' });
    expect(
      (await asAlice.from('notes').insert({ body: 'alice public', public: true })).error,
    ).toBeNull();
    expect((await asBob.from('notes').insert({ body: 'bob private' })).error).toBeNull();

    const forged = await asBob.from('notes').insert({ body: 'as alice', owner: alice.id });
    expect(forged.error?.code).toBe('42501');

    const bodies = async (client: SupabaseClient) =>
      ((await client.from('notes').select('body').order('id')).data ?? []).map(
        (row) => row.body as string,
      );
    expect(await bodies(asAlice)).toEqual(['alice private', 'alice public']);
    expect(await bodies(asBob)).toEqual(['alice public', 'bob private']);
    expect(await bodies(anon)).toEqual(['alice public']);

    const anonInsert = await anon.from('notes').insert({ body: 'anon', owner: alice.id });
    expect(anonInsert.error?.code).toBe('42501');

    const bobEdits = await asBob
      .from('notes')
      .update({ body: 'hijacked' })
      .eq('body', 'alice private')
      .select();
    expect(bobEdits.data).toEqual([]);
    const { rows } = await stack.pool.query(
      `select count(*)::int as n from public.notes where body = 'hijacked'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('answers .single() on no rows with PGRST116', async () => {
    const { data, error, status } = await clientFor(alice)
      .from('notes')
      .select('*')
      .eq('id', -1)
      .single();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
  });

  it('lets the service role bypass RLS', async () => {
    const service = createClient(stack.apiUrl, stack.serviceRoleKey, nodeSupabaseOptions);
    const { data } = await service.from('notes').select('body').order('id');
    expect(data?.map((row) => row.body)).toEqual(['alice private', 'alice public', 'bob private']);
  });

  it('refuses tokens signed by another key', async () => {
    const other = await startTestStack({ seed: false, migrationsDir: NO_MIGRATIONS });
    try {
      const stranger = await createUser(other);
      const res = await fetch(`${stack.apiUrl}/rest/v1/notes`, {
        headers: { apikey: stack.anonKey, Authorization: `Bearer ${stranger.token}` },
      });
      expect(res.status).toBe(401);
      const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({ sub: alice.id, role: 'service_role' }),
      ).toString('base64url')}.`;
      const none = await fetch(`${stack.apiUrl}/rest/v1/notes`, {
        headers: { apikey: stack.anonKey, Authorization: `Bearer ${noneAlg}` },
      });
      expect(none.status).toBe(401);
    } finally {
      await other.stop();
    }
  });
});

describe('gateway', () => {
  const url = (path: string) => `${stack.apiUrl}${path}`;

  it('requires a known apikey (header or query) except on open routes', async () => {
    const missing = await fetch(url('/rest/v1/notes'));
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' });
    const wrong = await fetch(url('/rest/v1/notes'), { headers: { apikey: 'not-a-key' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid API key' });
    const viaQuery = await fetch(url(`/rest/v1/notes?apikey=${stack.anonKey}`));
    expect(viaQuery.status).toBe(200);
    const health = await fetch(url('/health'));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      status: 'ok',
      components: { database: { status: 'ok' }, rest: { status: 'ok' } },
    });
  });

  it('answers CORS preflights for local and configured origins only', async () => {
    const preflight = await fetch(url('/rest/v1/notes'), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, content-type, x-client-info',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');

    const foreign = await fetch(url('/rest/v1/notes'), {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

    const simple = await fetch(url('/rest/v1/notes'), {
      headers: { apikey: stack.anonKey, Origin: 'http://127.0.0.1:5173' },
    });
    expect(simple.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(simple.headers.get('access-control-expose-headers')).toContain('content-range');
  });

  it('refuses oversized bodies with 413 JSON and writes nothing', async () => {
    const big = JSON.stringify({ body: 'x'.repeat(3 * 1024 * 1024) });
    const res = await fetch(url('/rest/v1/notes'), {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        Authorization: `Bearer ${alice.token}`,
        'Content-Type': 'application/json',
      },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(POSTGREST_TOO_LARGE);
    const { rows } = await stack.pool.query(
      `select count(*)::int as n from public.notes where length(body) > 1000`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses oversized streamed (chunked) bodies with 413 too', async () => {
    const http = await import('node:http');
    const { port } = new URL(stack.apiUrl);
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/rest/v1/notes',
          headers: {
            apikey: stack.anonKey,
            Authorization: `Bearer ${alice.token}`,
            'Content-Type': 'application/json',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      const chunk = 'x'.repeat(64 * 1024);
      req.write('{"body":"');
      let sent = 0;
      const pump = () => {
        while (sent < 48) {
          sent += 1;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end('"}');
      };
      pump();
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual(POSTGREST_TOO_LARGE);
  });

  it("answers an oversized body on each route in that protocol's own error shape", async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(3 * 1024 * 1024) });
    const post = (path: string, headers: Record<string, string> = {}) =>
      fetch(url(path), {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'Content-Type': 'application/json', ...headers },
        body: big,
      });

    const auth = await post('/auth/v1/signup');
    expect(auth.status).toBe(413);
    expect(await auth.json()).toEqual({
      code: 413,
      error_code: 'request_entity_too_large',
      msg: 'Request body too large (max 2097152 bytes)',
    });
    const versioned = await post('/auth/v1/signup', { 'X-Supabase-Api-Version': '2024-01-01' });
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await versioned.json()).toEqual({
      code: 'request_entity_too_large',
      message: 'Request body too large (max 2097152 bytes)',
    });

    const functions = await post('/functions/v1/create-checkout');
    expect(functions.status).toBe(413);
    expect(await functions.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The body may be at most 2097152 bytes' },
    });

    const rest = await post('/rest/v1/rpc/anything');
    expect(rest.status).toBe(413);
    expect(await rest.json()).toEqual(POSTGREST_TOO_LARGE);
  });

  it('answers unknown routes and malformed URLs with JSON errors', async () => {
    const unknown = await fetch(url('/nope/v1/x'), { headers: { apikey: stack.anonKey } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
    expect(await unknown.json()).toEqual({ message: 'no Route matched with those values' });
    const malformed = await fetch(url('/rest/v1/%E0%A4%A'), { headers: { apikey: stack.anonKey } });
    expect(malformed.status).toBe(400);
  });

  it('passes PostgREST errors for bad queries through as 4xx', async () => {
    const res = await fetch(url('/rest/v1/notes?id=eq.not-a-number'), {
      headers: { apikey: stack.anonKey },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: '22P02' });
  });
});

describe('PostgREST supervision', () => {
  it('restarts PostgREST after a crash; the gateway answers 503 JSON meanwhile', async () => {
    const pidFile = `${stack.dataDir}/postgrest.pid`;
    const before = Number(await readFile(pidFile, 'utf8'));
    process.kill(before, 'SIGKILL');
    const during = await fetch(`${stack.apiUrl}/rest/v1/notes?select=body`, {
      headers: { apikey: stack.anonKey },
    });
    expect([200, 503]).toContain(during.status);
    expect(during.headers.get('content-type')).toContain('application/json');
    await during.body?.cancel();

    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline) {
      const res = await fetch(`${stack.apiUrl}/rest/v1/notes?select=body`, {
        headers: { apikey: stack.anonKey },
      });
      status = res.status;
      await res.body?.cancel();
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect(Number(await readFile(pidFile, 'utf8'))).not.toBe(before);
  });
});

describe('gateway request URLs', () => {
  it('refuses a malformed Host header with 400 instead of failing', async () => {
    const http = await import('node:http');
    const { port } = new URL(stack.apiUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/health', headers: { host: 'bad host:x' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(400);
  });
});
