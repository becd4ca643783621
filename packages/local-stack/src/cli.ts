#!/usr/bin/env node
import { runDbTypesCommand } from './db-types.ts';
import { runStartCommand } from './start.ts';

const USAGE = `Usage:
  verdant-stack start [--reset] [--project <dir>]
                                    start the local backend and web server (until Ctrl-C);
                                    the project is found from the working directory upwards
  verdant-stack db-types [--check]  regenerate the api-client's Database types from the migrations
`;

interface Command {
  flags: string[];
  /** Options that take a value (`--name value` or `--name=value`). */
  options?: string[];
  run(flags: Set<string>, values: Map<string, string>): Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  start: {
    flags: ['--reset'],
    options: ['--project'],
    run: (flags, values) =>
      runStartCommand({ reset: flags.has('--reset'), project: values.get('--project') }),
  },
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
  const flags = new Set<string>();
  const values = new Map<string, string>();
  let problem: string | undefined;
  for (let i = 0; i < args.length && !problem; i += 1) {
    const arg = args[i]!;
    const [option, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    if (command.options?.includes(option)) {
      const value = inline ?? args[++i];
      if (!value) problem = `option ${option} needs a value`;
      else values.set(option, value);
    } else if (command.flags.includes(arg)) flags.add(arg);
    else problem = `unknown option ${arg}`;
  }
  if (problem) {
    process.stderr.write(`verdant-stack: ${problem}\n${USAGE}`);
    process.exitCode = 2;
  } else {
    process.exitCode = await command.run(flags, values);
  }
}
