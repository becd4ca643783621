import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import WebSocket from 'ws';
import { removeStale, scratchDir } from './scratch.ts';
import { startStack, type RunningStack, type StartStackOptions } from './stack.ts';

const DATA_DIR_PREFIX = 'verdant-stack-';

/**
 * Starts a throw-away stack for integration tests: a fresh data directory in the scratch
 * directory (RAM when the machine has room), its cluster copied from a migrated template, free
 * ports, no log output. `stop()` also deletes the data directory. Pass `seed: false` for an
 * empty world.
 */
export async function startTestStack(
  opts: Omit<StartStackOptions, 'dataDir' | 'reset'> = {},
): Promise<RunningStack> {
  const scratch = await scratchDir();
  await removeStale(scratch, DATA_DIR_PREFIX);
  const dataDir = await mkdtemp(path.join(scratch, DATA_DIR_PREFIX));
  try {
    const stack = await startStack({
      apiPort: 0,
      webPort: 0,
      quiet: true,
      ephemeral: true,
      // No payout run in the middle of a test (a test that wants one calls run_payouts).
      payoutTime: false,
      ...opts,
      dataDir,
    });
    const stopStack = stack.stop;
    stack.stop = async () => {
      await stopStack();
      await rm(dataDir, { recursive: true, force: true });
    };
    return stack;
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Options for `createClient` in Node-side tests: no session persistence or background refresh,
 * and a WebSocket implementation for realtime (Node 20 has none built in).
 */
export const nodeSupabaseOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // ws implements the browser WebSocket API that supabase-js's realtime client expects.
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

export type { RunningStack, StartStackOptions } from './stack.ts';
