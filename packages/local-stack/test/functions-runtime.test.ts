import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctions, type FunctionsHandler } from '../src/functions.ts';
import type { PlainRequest } from '../src/http.ts';

let dir: string;
let serve: FunctionsHandler;

const handlerSource = (body: string) => `
export function createHandler(env: { get(name: string): string | undefined }) {
  return async (req: Request) => new Response(JSON.stringify(${body}), { headers: { 'Content-Type': 'application/json' } });
}
`;

async function writeFunction(name: string, file: string, source: string, mtime?: Date) {
  await mkdir(path.join(dir, 'functions', name), { recursive: true });
  const target = path.join(dir, 'functions', name, file);
  await writeFile(target, source);
  if (mtime) await utimes(target, mtime, mtime);
}

const call = async (name: string, headers: Record<string, string> = {}) => {
  const res = await serve(
    new Request(`http://local/functions/v1/${name}`, { method: 'POST', headers }),
    {
      path: `/${name}`,
      ip: '127.0.0.1',
    },
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'verdant-functions-'));
  await writeFile(
    path.join(dir, 'config.toml'),
    '[functions.open]\nverify_jwt = false\n\n[functions.guarded]\nverify_jwt = true\n\n[functions.counter]\nverify_jwt = false\n',
  );
  await writeFunction(
    'open',
    'handler.ts',
    handlerSource(`{ version: 1, secret: env.get('SECRET') ?? null }`),
  );
  await writeFunction('guarded', 'handler.ts', handlerSource(`{ guarded: true }`));
  await writeFunction('default-verifies', 'handler.ts', handlerSource(`{ ok: true }`));
  await writeFunction('broken', 'handler.ts', 'export const nothing = 1;\n');
  // A function with a plain handler: one instance serves both routes (it counts its calls), and it
  // echoes the client address it was given.
  await writeFunction(
    'counter',
    'handler.ts',
    `export function createPlainHandler() {
  let calls = 0;
  return (req: { method: string; url: string; header(name: string): string | null }) => {
    calls += 1;
    if (req.header('x-fail')) throw new Error('failed on purpose');
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ calls, method: req.method, ip: req.header('X-Forwarded-For') }),
    };
  };
}
export function createHandler() {
  throw new Error('the local runtime builds the web handler over the plain one');
}
`,
  );
  await writeFunction('no-handler', 'index.ts', 'Deno.serve(() => new Response("x"));\n');
  serve = await createFunctions({
    functionsDir: path.join(dir, 'functions'),
    configFile: path.join(dir, 'config.toml'),
    env: { SECRET: 'from-env' },
    verify: async (token) => {
      if (token !== 'good-token') throw new Error('bad token');
      return { role: 'authenticated' };
    },
    log: () => undefined,
  });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('functions runtime', () => {
  it('passes the environment to createHandler and honours verify_jwt = false', async () => {
    expect(await call('open')).toEqual({ status: 200, body: { version: 1, secret: 'from-env' } });
  });

  it('verifies JWTs where config.toml says so, and by default', async () => {
    expect((await call('guarded')).status).toBe(401);
    expect((await call('guarded', { Authorization: 'Bearer bad-token' })).body).toMatchObject({
      message: 'Invalid JWT',
    });
    expect((await call('guarded', { Authorization: 'Bearer good-token' })).body).toEqual({
      guarded: true,
    });
    expect((await call('default-verifies')).status).toBe(401);
  });

  it('reloads a function whose files changed (files are checked at most once a second)', async () => {
    await writeFunction(
      'open',
      'handler.ts',
      handlerSource(`{ version: 2 }`),
      new Date(Date.now() + 5_000),
    );
    await expect
      .poll(async () => (await call('open')).body, { timeout: 5_000, interval: 200 })
      .toEqual({ version: 2 });
  });

  it('answers 404 for missing functions and 500 JSON for ones that cannot start', async () => {
    expect((await call('missing')).status).toBe(404);
    expect((await call('no-handler')).status).toBe(404);
    expect((await call('../etc')).status).toBe(404);
    expect(await call('broken')).toEqual({
      status: 500,
      body: { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' },
    });
  });

  it('serves a plain handler on both routes from one instance, with the connection address', async () => {
    const plain = (name: string, headers: Record<string, string> = {}) => {
      const req: PlainRequest = {
        method: 'GET',
        url: `http://local/functions/v1/${name}`,
        header: (header) => headers[header.toLowerCase()] ?? null,
      };
      return Promise.resolve(serve.plain(req, { path: `/${name}`, ip: '10.0.0.7' }));
    };
    // The client's own claim to an address is replaced by the connection's.
    const first = await plain('counter', { 'x-forwarded-for': '203.0.113.9' });
    expect(first?.status).toBe(200);
    expect(JSON.parse(first?.body ?? '')).toEqual({ calls: 1, method: 'GET', ip: '10.0.0.7' });
    // Loaded and current: answered at once, without a promise.
    expect(
      serve.plain(
        { method: 'GET', url: 'http://local/', header: () => null },
        {
          path: '/counter',
          ip: '10.0.0.7',
        },
      ),
    ).not.toBeInstanceOf(Promise);
    // The web route reaches the same instance (its count goes on).
    const web = await call('counter');
    expect(web).toEqual({ status: 200, body: { calls: 3, method: 'POST', ip: '127.0.0.1' } });
    // A throwing handler gets hosted Supabase's 500 answer; the route stays up.
    const failed = await plain('counter', { 'x-fail': '1' });
    expect(failed?.status).toBe(500);
    expect(JSON.parse(failed?.body ?? '')).toMatchObject({ code: 'WORKER_ERROR' });
    // Functions without a plain handler take the web route; missing ones are refused as there.
    expect(await plain('open')).toBeUndefined();
    expect((await plain('missing'))?.status).toBe(404);
    expect((await plain('guarded'))?.status).toBe(401);
  });
});
