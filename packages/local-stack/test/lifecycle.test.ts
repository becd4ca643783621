import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationError } from '../src/migrate.ts';
import { PortInUseError, startStack, type StackInfo } from '../src/stack.ts';
import { nodeSupabaseOptions } from '../src/testing.ts';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'verdant-lifecycle-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function childPids(pid: number): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return children.split(/\s+/).filter(Boolean).map(Number);
}

describe('stack lifecycle', () => {
  it('keeps users and rows across a restart and applies migrations only once', async () => {
    const first = await startStack({ dataDir, apiPort: 0, webPort: 0, seed: false, quiet: true });
    expect(first.appliedMigrations.length).toBeGreaterThan(0);
    const client = createClient(first.apiUrl, first.anonKey, nodeSupabaseOptions);
    const signUp = await client.auth.signUp({
      email: 'keeper@example.com',
      password: 'Moss-Garden-2026!',
    });
    expect(signUp.error).toBeNull();
    await first.pool.query(
      'create table public.kept (id int primary key); insert into public.kept values (1), (2)',
    );
    const info = JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')) as StackInfo;
    expect(info).toEqual({
      outboxToken: first.outboxToken,
      stripeWebhookSecret: first.stripeWebhookSecret,
      apiUrl: first.apiUrl,
      webUrl: first.webUrl,
      dbUrl: first.dbUrl,
      anonKey: first.anonKey,
      serviceRoleKey: first.serviceRoleKey,
    });
    await first.stop();

    const second = await startStack({ dataDir, apiPort: 0, webPort: 0, seed: false, quiet: true });
    try {
      expect(second.appliedMigrations).toEqual([]);
      expect(second.anonKey).toBe(first.anonKey);
      const { rows } = await second.pool.query('select count(*)::int as n from public.kept');
      expect(rows[0].n).toBe(2);
      const again = createClient(second.apiUrl, second.anonKey, nodeSupabaseOptions);
      const signIn = await again.auth.signInWithPassword({
        email: 'keeper@example.com',
        password: 'Moss-Garden-2026!',
      });
      expect(signIn.error).toBeNull();
    } finally {
      await second.stop();
    }
  });

  it('stops the start at a failing migration, naming the file and the Postgres error', async () => {
    const migrations = path.join(dataDir, 'broken-migrations');
    await mkdir(migrations, { recursive: true });
    await writeFile(
      path.join(migrations, '20260501000001_broken.sql'),
      'create table public.broken (id int;',
    );
    const brokenDir = await mkdtemp(path.join(tmpdir(), 'verdant-broken-'));
    try {
      const error = await startStack({
        dataDir: brokenDir,
        migrationsDir: migrations,
        apiPort: 0,
        webPort: 0,
        seed: false,
        quiet: true,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as Error).message).toMatch(
        /^20260501000001_broken\.sql failed at line 1: syntax error at or near ";"/,
      );
      await expect(readFile(path.join(brokenDir, 'stack.json'), 'utf8')).rejects.toThrow();
      // Everything it started was stopped again: the same data directory starts cleanly.
      const stack = await startStack({
        dataDir: brokenDir,
        migrationsDir: path.join(dataDir, 'none'),
        apiPort: 0,
        webPort: 0,
        seed: false,
        quiet: true,
      });
      await stack.stop();
    } finally {
      await rm(brokenDir, { recursive: true, force: true });
    }
  });

  it('names the port that is already in use', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const error = await startStack({
        dataDir,
        apiPort: port,
        webPort: 0,
        seed: false,
        quiet: true,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PortInUseError);
      expect((error as Error).message).toBe(
        `Port ${port} (API) is already in use; stop the other process or choose another port`,
      );
    } finally {
      blocker.close();
    }
    // Nothing was left running: the data directory can be used again at once.
    const stack = await startStack({ dataDir, apiPort: 0, webPort: 0, seed: false, quiet: true });
    await stack.stop();
  });

  async function startCli() {
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', cli, 'start'],
      {
        env: {
          ...process.env,
          VERDANT_DATA_DIR: dataDir,
          VERDANT_API_PORT: '0',
          VERDANT_WEB_PORT: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    const deadline = Date.now() + 45_000;
    while (!output.includes('Press Ctrl-C to stop.') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain('Verdant local stack is ready.');
    const apiUrl = /API\s+(http:\/\/\S+)/.exec(output)?.[1];
    expect((await fetch(`${apiUrl}/health`)).status).toBe(200);
    const children = await childPids(child.pid!);
    expect(children.length).toBeGreaterThanOrEqual(2);
    return { child, exited, children };
  }

  it(
    '`verdant-stack start` serves until SIGTERM, then stops Postgres and PostgREST',
    { timeout: 60_000 },
    async () => {
      const { child, exited, children } = await startCli();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      for (const pid of children)
        expect(isAlive(pid), `process ${pid} outlived the stack`).toBe(false);
      await expect(readFile(path.join(dataDir, 'stack.json'), 'utf8')).rejects.toThrow();
    },
  );

  it(
    'stops what a killed stack left running when it starts again',
    { timeout: 90_000 },
    async () => {
      const killed = await startCli();
      killed.child.kill('SIGKILL');
      await killed.exited;
      expect(killed.children.some(isAlive)).toBe(true);
      const stack = await startStack({ dataDir, apiPort: 0, webPort: 0, seed: false, quiet: true });
      try {
        for (const pid of killed.children)
          expect(isAlive(pid), `process ${pid} from the killed stack still runs`).toBe(false);
        expect(
          (
            await fetch(`${stack.apiUrl}/rest/v1/kept?select=id`, {
              headers: { apikey: stack.anonKey },
            })
          ).status,
        ).toBe(200);
      } finally {
        await stack.stop();
      }
    },
  );
});
