// Faults of the running stack (issue 9, items 5, 7 and 9): kill -9 of the postmaster under load,
// SIGTERM with requests in flight, and a start outside the project.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../src/stack.ts';
import { startTestStack } from '../src/testing.ts';
import { waitForTable } from './helpers.ts';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Postgres is supervised', () => {
  let stack: RunningStack | undefined;
  const logged: Array<{ at: number; line: string }> = [];

  afterAll(async () => {
    await stack?.stop();
  });

  it(
    'after kill -9 of the postmaster mid-load the stack recovers by itself and keeps every acknowledged write',
    { timeout: 180_000 },
    async () => {
      // Durable settings (fsync, synchronous commit), as `npm start` runs.
      stack = await startTestStack({
        seed: false,
        ephemeral: false,
        log: (line) => logged.push({ at: Date.now(), line }),
      });
      const s = stack;
      await s.pool.query(
        'create table public.acks (id integer primary key); grant insert, select on public.acks to service_role',
      );
      await s.pool.query(`notify pgrst, 'reload schema'`);
      await waitForTable(s, 'acks');

      const acknowledged: number[] = [];
      let next = 1;
      let writing = true;
      let afterRecovery = 0;
      let recovered = false;
      const writer = async () => {
        while (writing) {
          const id = next++;
          try {
            const response = await fetch(`${s.apiUrl}/rest/v1/acks`, {
              method: 'POST',
              headers: {
                apikey: s.serviceRoleKey,
                'content-type': 'application/json',
                prefer: 'return=minimal',
              },
              body: JSON.stringify({ id }),
            });
            await response.body?.cancel();
            if (response.status === 201) {
              acknowledged.push(id);
              if (recovered) afterRecovery += 1;
            } else await sleep(20);
          } catch {
            await sleep(20);
          }
        }
      };
      const writers = Array.from({ length: 4 }, writer);
      while (acknowledged.length < 100) await sleep(20);

      const pidFile = path.join(s.dataDir, 'postgres', 'postmaster.pid');
      const postmaster = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
      const killedAt = Date.now();
      process.kill(postmaster, 'SIGKILL');

      // /health notices at once; 503 while the database is down.
      let sawDown = false;
      let healthy = false;
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline && !healthy) {
        const response = await fetch(`${s.apiUrl}/health`);
        const body = (await response.json()) as {
          status: string;
          components: Record<string, { status: string }>;
        };
        if (response.status === 503) {
          sawDown = true;
          expect(body.status).toBe('down');
        } else if (sawDown && response.status === 200) {
          healthy = true;
        }
        await sleep(100);
      }
      expect(sawDown).toBe(true);
      expect(healthy).toBe(true);
      recovered = true;
      const recoveredAt = Date.now();
      // Writes go through again without a manual restart.
      while (afterRecovery < 50 && Date.now() < recoveredAt + 60_000) await sleep(50);
      writing = false;
      await Promise.all(writers);
      expect(afterRecovery).toBeGreaterThanOrEqual(50);

      const { rows } = await s.pool.query<{ id: number }>('select id from public.acks');
      const stored = new Set(rows.map((row) => row.id));
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
      const newPostmaster = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
      expect(newPostmaster).not.toBe(postmaster);

      // The outage did not flood the log.
      const during = logged.filter((entry) => entry.at >= killedAt && entry.at <= recoveredAt);
      expect(during.length).toBeLessThan(100);
      expect(logged.some((entry) => /restarting it with crash recovery/.test(entry.line))).toBe(
        true,
      );
    },
  );
});

function startCli(args: string[], env: Record<string, string>, cwd?: string) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', tsx, cli, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('SIGTERM drains requests in flight', () => {
  let dataDir: string;

  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'an upload in flight when SIGTERM arrives completes, its client gets 200 and the file is kept',
    { timeout: 180_000 },
    async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'verdant-drain-'));
      const running = startCli(['start'], {
        VERDANT_DATA_DIR: dataDir,
        VERDANT_API_PORT: '0',
        VERDANT_WEB_PORT: '0',
      });
      const deadline = Date.now() + 90_000;
      while (!running.output().stdout.includes('Press Ctrl-C to stop.') && Date.now() < deadline)
        await sleep(100);
      const info = JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')) as {
        apiUrl: string;
        serviceRoleKey: string;
      };

      // A 1 MiB upload sent slowly over about four seconds (longer than the old 3 s grace).
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent === 16) {
            controller.close();
            return;
          }
          if (sent > 0) await sleep(250);
          sent += 1;
          controller.enqueue(new Uint8Array(64 * 1024).fill(sent));
        },
      });
      const init: RequestInit & { duplex: 'half' } = {
        method: 'POST',
        headers: {
          apikey: info.serviceRoleKey,
          authorization: `Bearer ${info.serviceRoleKey}`,
          'content-type': 'image/png',
        },
        body,
        duplex: 'half',
      };
      const upload = fetch(`${info.apiUrl}/storage/v1/object/avatars/drain/slow.png`, init);
      while (sent < 3) await sleep(20);
      running.child.kill('SIGTERM');
      const response = await upload;
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ Key: 'avatars/drain/slow.png' });
      expect(await running.exited).toBe(0);
      expect(sent).toBe(16);

      const again = await startStack({ dataDir, apiPort: 0, webPort: 0, seed: false, quiet: true });
      try {
        const { rows } = await again.pool.query<{ size: string }>(
          `select metadata->>'size' as size from storage.objects where bucket_id = 'avatars' and name = 'drain/slow.png'`,
        );
        expect(rows.map((row) => Number(row.size))).toEqual([1024 * 1024]);
      } finally {
        await again.stop();
      }
    },
  );
});

describe('a start outside the project', () => {
  it('refuses with one line instead of coming up without migrations', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'verdant-outside-'));
    try {
      const running = startCli(
        ['start'],
        { VERDANT_DATA_DIR: path.join(outside, 'data') },
        outside,
      );
      expect(await running.exited).toBe(1);
      const { stdout, stderr } = running.output();
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([
        `verdant-stack: no Verdant project found at or above ${outside} (looked for supabase/migrations); run inside the project or pass --project <dir>`,
      ]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('--project without a value is a usage error', async () => {
    const running = startCli(['start', '--project'], {});
    expect(await running.exited).toBe(2);
    expect(running.output().stderr).toMatch(/^verdant-stack: option --project needs a value/);
  });
});
