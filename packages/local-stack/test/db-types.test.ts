import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../src/db-types.ts';
import { findProjectRoot, type RunningStack } from '../src/stack.ts';
import { startTestStack } from '../src/testing.ts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});

afterAll(async () => {
  await stack?.stop();
});

// CI guard: the committed Database types must match what the migrations produce.
it(
  'the committed Database types match the migrations (run `npm run db:types` if not)',
  { timeout: 60_000 },
  async () => {
    const generated = await generateDatabaseTypes(stack.dbUrl);
    const committed = await readFile(
      path.join(await findProjectRoot(), DATABASE_TYPES_FILE),
      'utf8',
    );
    expect(
      committed === generated,
      `${DATABASE_TYPES_FILE} is stale: run \`npm run db:types\` and commit it`,
    ).toBe(true);
  },
);
