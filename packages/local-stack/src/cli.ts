#!/usr/bin/env node
import { runStartCommand } from './start.js';

const [command, ...args] = process.argv.slice(2);
if (command !== 'start') {
  process.stderr.write('Usage: verdant-stack start [--reset]\n');
  process.exit(command === undefined || command === '--help' || command === '-h' ? 0 : 2);
}
const unknown = args.filter((arg) => arg !== '--reset');
if (unknown.length) {
  process.stderr.write(`verdant-stack: unknown option ${unknown[0]}\nUsage: verdant-stack start [--reset]\n`);
  process.exit(2);
}
process.exitCode = await runStartCommand({ reset: args.includes('--reset') });
