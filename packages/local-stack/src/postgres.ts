import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './net.ts';
import {
  SUPERUSER,
  embeddedBinaries,
  exists,
  postgresUser,
  run,
  spawnPostgres,
  stopLeftoverPostmaster,
} from './postgres-process.ts';

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
  /** Whether the database answers now (embedded: also how often it was restarted). */
  health(): Promise<DatabaseHealth>;
  stop(): Promise<void>;
}

export interface DatabaseHealth {
  status: 'ok' | 'down' | 'starting';
  restarts?: number;
}

/** Back-off between restarts of a crashed embedded Postgres. */
const RESTART_MIN_MS = 250;
const RESTART_MAX_MS = 10_000;

/** Answers whether `pool` reaches the database within `timeoutMs`. */
async function ping(pool: pg.Pool, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      pool.query('select 1').then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The search path hosted Supabase gives its roles, so unqualified extension functions resolve. */
export const HOSTED_SEARCH_PATH = '"$user", public, extensions';

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
    health: async () => ({ status: (await ping(pool)) ? 'ok' : 'down' }),
    stop: () => pool.end(),
  };
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
  let current = started;
  const superuserUrl = `postgresql://${SUPERUSER}:${encodeURIComponent(secrets.superuserPassword)}@127.0.0.1:${port}/postgres`;
  const pool = createPool(superuserUrl);
  let stopping: Promise<void> | undefined;
  let state: DatabaseHealth['status'] = 'ok';
  let restarts = 0;
  let restarting: Promise<void> | undefined;

  // Supervision: a postmaster that dies (crash, kill -9, OOM killer) is started again on the same
  // port with back-off; Postgres runs crash recovery from its WAL, so committed data survives.
  const supervise = (running: typeof started) => {
    void running.exited.then((code) => {
      if (stopping) return;
      state = 'down';
      if (code === 0) {
        // A clean shutdown asked for from outside (pg_ctl stop, a new stack taking over the
        // cluster) is not a crash: it is reported, not fought.
        log('Postgres was shut down from outside the stack; it is not restarted');
        return;
      }
      log(`Postgres exited unexpectedly (exit ${code}); restarting it with crash recovery`);
      restarting = (async () => {
        let delay = RESTART_MIN_MS;
        let failures = 0;
        while (!stopping) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          if (stopping) return;
          state = 'starting';
          try {
            const next = await spawnPostgres(
              bins.postgres,
              clusterDir,
              port,
              opts.ephemeral ?? false,
              runAs,
              log,
            );
            if (stopping) {
              next.child.kill('SIGINT');
              await next.exited;
              return;
            }
            current = next;
            restarts += 1;
            state = 'ok';
            log(`Postgres is running again (restart ${restarts})`);
            supervise(next);
            return;
          } catch (error) {
            state = 'down';
            failures += 1;
            // One line per attempt at most, and attempts back off to one every 10 s.
            if (failures <= 3 || delay === RESTART_MAX_MS)
              log(
                `Postgres restart failed (${(error as Error).message.split('\n')[0]}); retrying in ${Math.min(delay * 2, RESTART_MAX_MS)} ms`,
              );
            delay = Math.min(delay * 2, RESTART_MAX_MS);
          }
        }
      })();
    });
  };
  supervise(current);

  return {
    superuserUrl,
    port,
    pool,
    async health() {
      if (state !== 'ok') return { status: state, restarts };
      return { status: (await ping(pool)) ? 'ok' : 'down', restarts };
    },
    stop() {
      stopping ??= (async () => {
        await pool.end().catch(() => undefined);
        await restarting;
        const { child, exited } = current;
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
