import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parsePayoutTime } from './payout-schedule.ts';
import { ProjectNotFoundError, isProject } from './project.ts';
import { PortInUseError, findProjectRoot, startStack, type RunningStack } from './stack.ts';

interface DemoAccount {
  email: string;
  password: string;
  role: string;
  name?: string;
}

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}

async function demoAccounts(root: string): Promise<DemoAccount[]> {
  try {
    const parsed: unknown = JSON.parse(
      await readFile(path.join(root, 'supabase', 'seed', 'demo-accounts.json'), 'utf8'),
    );
    return Array.isArray(parsed) ? (parsed as DemoAccount[]) : [];
  } catch {
    return [];
  }
}

function banner(stack: RunningStack, accounts: DemoAccount[]): string {
  const lines = [
    '',
    'Verdant local stack is ready.',
    '',
    `  API           ${stack.apiUrl}`,
    `  Web           ${stack.webUrl}`,
    `  Mail outbox   ${stack.apiUrl}/outbox?token=${stack.outboxToken}`,
    `  Database      ${stack.dbUrl}`,
    `  Data dir      ${stack.dataDir}`,
    '',
    `  anon key          ${stack.anonKey}`,
    `  service-role key  ${stack.serviceRoleKey}`,
  ];
  if (accounts.length) {
    lines.push('', '  Demo accounts:');
    const width = Math.max(...accounts.map((account) => account.email.length));
    for (const account of accounts) {
      lines.push(
        `    ${account.role.padEnd(10)} ${account.email.padEnd(width)}  ${account.password}`,
      );
    }
  }
  lines.push('', 'Press Ctrl-C to stop.', '');
  return lines.join('\n');
}

/**
 * `verdant-stack start`: starts the stack from the environment (VERDANT_DATA_DIR, VERDANT_API_PORT,
 * VERDANT_WEB_PORT, DATABASE_URL, VERDANT_PAYOUT_TIME), prints how to reach it and runs until SIGINT/SIGTERM.
 * Resolves with the process exit code.
 */
export async function runStartCommand(
  opts: { reset?: boolean; project?: string } = {},
): Promise<number> {
  const root = opts.project ? path.resolve(opts.project) : await findProjectRoot();
  if (!(await isProject(root))) {
    process.stderr.write(`verdant-stack: ${new ProjectNotFoundError(root).message}\n`);
    return 1;
  }
  let stack: RunningStack;
  try {
    stack = await startStack({
      projectDir: root,
      dataDir: process.env.VERDANT_DATA_DIR
        ? path.resolve(process.env.VERDANT_DATA_DIR)
        : path.join(root, '.verdant'),
      apiPort: portFromEnv('VERDANT_API_PORT', 54321),
      webPort: portFromEnv('VERDANT_WEB_PORT', 3000),
      databaseUrl: process.env.DATABASE_URL || undefined,
      reset: opts.reset,
      payoutTime: parsePayoutTime(process.env.VERDANT_PAYOUT_TIME) ?? false,
    });
  } catch (error) {
    const message = error instanceof PortInUseError ? error.message : (error as Error).message;
    process.stderr.write(`verdant-stack: ${message}\n`);
    return 1;
  }
  process.stdout.write(banner(stack, await demoAccounts(root)));

  return new Promise((resolve) => {
    let stopping = false;
    // Stop taking connections, let requests in flight finish (up to 10 s), flush buffered writes,
    // then stop PostgREST and Postgres. A second signal while stopping does not cut that short.
    const shutdown = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      process.stderr.write(`\n${signal}: finishing requests in flight, then stopping…\n`);
      stack.stop().then(
        () => resolve(0),
        (error: unknown) => {
          process.stderr.write(`verdant-stack: ${(error as Error).message}\n`);
          resolve(1);
        },
      );
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  });
}
