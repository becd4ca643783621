#!/usr/bin/env node
import { runDbTypesCommand } from './db-types.js';
import { runStartCommand } from './start.js';

const USAGE = `Usage:
  verdant-stack start [--reset]     start the local backend and web server (until Ctrl-C)
  verdant-stack db-types [--check]  regenerate the api-client's Database types from the migrations
`;

const COMMANDS: Record<string, { flags: string[]; run(flags: Set<string>): Promise<number> }> = {
  start: { flags: ['--reset'], run: (flags) => runStartCommand({ reset: flags.has('--reset') }) },
  'db-types': {
    flags: ['--check'],
    run: (flags) => runDbTypesCommand({ check: flags.has('--check') }),
  },
};

const [name, ...args] = process.argv.slice(2);
const command = name === undefined ? undefined : COMMANDS[name];
if (!command) {
  process.stderr.write(USAGE);
  process.exitCode = name === undefined || name === '--help' || name === '-h' ? 0 : 2;
} else {
  const unknown = args.find((arg) => !command.flags.includes(arg));
  if (unknown) {
    process.stderr.write(`verdant-stack: unknown option ${unknown}\n${USAGE}`);
    process.exitCode = 2;
  } else {
    process.exitCode = await command.run(new Set(args));
  }
}
