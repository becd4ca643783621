import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctions } from '../src/functions.ts';
import type { WebHandler } from '../src/http.ts';

let dir: string;
let serve: WebHandler;

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
    '[functions.open]\nverify_jwt = false\n\n[functions.guarded]\nverify_jwt = true\n',
  );
  await writeFunction(
    'open',
    'handler.ts',
    handlerSource(`{ version: 1, secret: env.get('SECRET') ?? null }`),
  );
  await writeFunction('guarded', 'handler.ts', handlerSource(`{ guarded: true }`));
  await writeFunction('default-verifies', 'handler.ts', handlerSource(`{ ok: true }`));
  await writeFunction('broken', 'handler.ts', 'export const nothing = 1;\n');
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
});
