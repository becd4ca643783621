import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProjectRoot, type RunningStack } from '../src/stack.ts';
import { nodeSupabaseOptions, startTestStack } from '../src/testing.ts';
import { createHandler as createEngagementHandler } from '../../../supabase/functions/track-engagement/handler.ts';
import { createUser, type TestUser } from './helpers.ts';

const ENGAGEMENT_MIGRATION = '20261122000100_engagement_metrics.sql';

let stack: RunningStack;
let user: TestUser;
let migrationsDir: string;

const pageLoad = {
  metric_type: 'page_load_time',
  metric_value: 812.5,
  metadata: { dom_content_loaded: 402, url: 'http://localhost:3000/', user_agent: 'Vitest' },
};

beforeAll(async () => {
  // Only the engagement migration: these tests exercise the function, not the rest of the schema.
  const root = await findProjectRoot();
  migrationsDir = await mkdtemp(path.join(tmpdir(), 'verdant-fn-migrations-'));
  await copyFile(
    path.join(root, 'supabase', 'migrations', ENGAGEMENT_MIGRATION),
    path.join(migrationsDir, ENGAGEMENT_MIGRATION),
  );
  stack = await startTestStack({ seed: false, migrationsDir });
  user = await createUser(stack);
});

afterAll(async () => {
  await stack?.stop();
  await rm(migrationsDir, { recursive: true, force: true });
});

async function metrics(): Promise<
  Array<{ metric_type: string; metric_value: number; metadata: unknown; user_id: string | null }>
> {
  const { rows } = await stack.pool.query(
    'select metric_type, metric_value, metadata, user_id from public.engagement_metrics order by id',
  );
  return rows;
}

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.apiUrl}/functions/v1/track-engagement`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${stack.anonKey}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body,
  });

describe('track-engagement', () => {
  it('records a metric for a visitor (anon key) and for a signed-in user via supabase-js', async () => {
    const anon = createClient(stack.apiUrl, stack.anonKey, nodeSupabaseOptions);
    const visitor = await anon.functions.invoke('track-engagement', {
      body: {
        metric_type: 'demo_view',
        metric_value: 1,
        metadata: { url: 'http://localhost:3000/', referrer: '' },
      },
    });
    expect(visitor.error).toBeNull();
    expect(visitor.data).toEqual({ ok: true });

    const signedIn = createClient(stack.apiUrl, stack.anonKey, {
      ...nodeSupabaseOptions,
      global: { headers: { Authorization: `Bearer ${user.token}` } },
    });
    const own = await signedIn.functions.invoke('track-engagement', { body: pageLoad });
    expect(own.error).toBeNull();

    const error = await signedIn.functions.invoke('track-engagement', {
      body: {
        metric_type: 'error',
        metric_value: 1,
        metadata: { type: 'unhandledrejection', reason: 'boom', url: 'http://localhost:3000/x' },
      },
    });
    expect(error.error).toBeNull();

    expect(await metrics()).toEqual([
      {
        metric_type: 'demo_view',
        metric_value: 1,
        metadata: { url: 'http://localhost:3000/', referrer: '' },
        user_id: null,
      },
      {
        metric_type: 'page_load_time',
        metric_value: 812.5,
        metadata: pageLoad.metadata,
        user_id: user.id,
      },
      {
        metric_type: 'error',
        metric_value: 1,
        metadata: { type: 'unhandledrejection', reason: 'boom', url: 'http://localhost:3000/x' },
        user_id: user.id,
      },
    ]);
  });

  it('refuses calls without a valid JWT (verify_jwt) and writes nothing', async () => {
    const before = (await metrics()).length;
    const noJwt = await fetch(`${stack.apiUrl}/functions/v1/track-engagement`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(pageLoad),
    });
    expect(noJwt.status).toBe(401);
    expect(await noJwt.json()).toMatchObject({ code: 'UNAUTHORIZED_NO_AUTH_HEADER' });
    const forged = await post(JSON.stringify(pageLoad), {
      Authorization: `Bearer ${user.token.slice(0, -4)}AAAA`,
    });
    expect(forged.status).toBe(401);
    expect((await metrics()).length).toBe(before);
  });

  it.each([
    ['malformed JSON', '{"metric_type":'],
    ['a non-object body', '[1,2]'],
    ['an unknown metric type', JSON.stringify({ ...pageLoad, metric_type: 'click' })],
    ['a negative value', JSON.stringify({ ...pageLoad, metric_value: -1 })],
    [
      'a missing value',
      JSON.stringify({ metric_type: 'demo_view', metadata: { url: 'u', referrer: '' } }),
    ],
    [
      'metadata of another metric',
      JSON.stringify({ ...pageLoad, metadata: { url: 'u', referrer: '' } }),
    ],
    [
      'an unknown metadata field',
      JSON.stringify({ ...pageLoad, metadata: { ...pageLoad.metadata, extra: 1 } }),
    ],
    [
      'a wrongly typed metadata field',
      JSON.stringify({
        ...pageLoad,
        metadata: { ...pageLoad.metadata, dom_content_loaded: '402' },
      }),
    ],
    [
      'an error without its fields',
      JSON.stringify({
        metric_type: 'error',
        metric_value: 1,
        metadata: { message: 'x', url: 'u' },
      }),
    ],
    [
      'an unknown top-level field',
      JSON.stringify({ ...pageLoad, user_id: '00000000-0000-0000-0000-000000000000' }),
    ],
    // Text Postgres's jsonb refuses, escaped as a browser's JSON.stringify writes it.
    [
      'a NUL character in metadata text',
      '{"metric_type":"demo_view","metric_value":1,"metadata":{"url":"/x\\u0000y","referrer":""}}',
    ],
    [
      'a lone surrogate in metadata text',
      '{"metric_type":"demo_view","metric_value":1,"metadata":{"url":"/x\\ud800y","referrer":""}}',
    ],
  ])('answers %s with 400 JSON and writes nothing', async (_case, body) => {
    const before = (await metrics()).length;
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('error');
    expect((await metrics()).length).toBe(before);
  });

  it('answers text the database refuses with 400, other database failures with 500', async () => {
    // A stand-in for PostgREST that refuses every insert with the code under test.
    let code = '';
    const postgrest = http.createServer((req, res) => {
      req.resume();
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code, details: null, hint: null, message: 'refused' }));
    });
    await new Promise<void>((resolve) => postgrest.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = postgrest.address() as AddressInfo;
      const env = new Map([
        ['SUPABASE_URL', `http://127.0.0.1:${port}`],
        ['SUPABASE_SERVICE_ROLE_KEY', stack.serviceRoleKey],
      ]);
      const handler = createEngagementHandler({ get: (name) => env.get(name) });
      const answer = async (sqlstate: string) => {
        code = sqlstate;
        const res = await handler(
          new Request('http://local/functions/v1/track-engagement', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(pageLoad),
          }),
        );
        return { status: res.status, body: (await res.json()) as unknown };
      };
      for (const sqlstate of ['22P05', '22021', 'PGRST102']) {
        expect(await answer(sqlstate)).toEqual({
          status: 400,
          body: { error: 'metadata contains text the database cannot store' },
        });
      }
      expect(await answer('23503')).toEqual({ status: 400, body: { error: 'Unknown user' } });
      expect(await answer('XX000')).toEqual({
        status: 500,
        body: { error: 'Could not record the metric' },
      });
    } finally {
      await new Promise((resolve) => postgrest.close(resolve));
    }
  });

  it('answers a wrong content type with 415 and other methods with 405', async () => {
    expect((await post(JSON.stringify(pageLoad), { 'Content-Type': 'text/plain' })).status).toBe(
      415,
    );
    const get = await fetch(`${stack.apiUrl}/functions/v1/track-engagement`, {
      headers: { Authorization: `Bearer ${stack.anonKey}` },
    });
    expect(get.status).toBe(405);
  });

  it('answers CORS preflights itself, like a Supabase function', async () => {
    const res = await fetch(`${stack.apiUrl}/functions/v1/track-engagement`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('answers unknown functions with 404 JSON', async () => {
    const res = await fetch(`${stack.apiUrl}/functions/v1/no-such-function`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.anonKey}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
