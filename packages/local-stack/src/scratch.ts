import { constants } from 'node:fs';
import { access, readdir, rm, stat, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Linux's RAM-backed file system, when the machine gives it room. */
const SHARED_MEMORY = '/dev/shm';
/** Less than this free (a container's default /dev/shm is 64 MB) and the disk is used instead. */
const SHARED_MEMORY_MIN_FREE = 2 * 1024 ** 3;
/** Throw-away directories left behind (a test process that was killed) go after a day. */
const STALE_MS = 24 * 60 * 60 * 1000;

let chosen: Promise<string> | undefined;

async function choose(): Promise<string> {
  try {
    const fs = await statfs(SHARED_MEMORY);
    await access(SHARED_MEMORY, constants.W_OK);
    if (fs.bavail * fs.bsize >= SHARED_MEMORY_MIN_FREE) return SHARED_MEMORY;
  } catch {
    // No /dev/shm (not Linux) or not writable: the disk it is.
  }
  return tmpdir();
}

/**
 * Where throw-away clusters live: /dev/shm when it is a writable RAM file system with room,
 * otherwise the system's temp directory. Postgres writes many small files; on a virtual
 * machine's disk, creating a cluster's 1,300 files costs about a second of kernel time that
 * memory does not.
 */
export function scratchDir(): Promise<string> {
  chosen ??= choose();
  return chosen;
}

/** Removes entries of `dir` named `prefix…` (except `keep`) that have not changed for a day. */
export async function removeStale(dir: string, prefix: string, keep?: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const entry = path.join(dir, name);
    if (!name.startsWith(prefix) || entry === keep) continue;
    const info = await stat(entry).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_MS) {
      await rm(entry, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}
