import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { runtimeResults } from './runtime-cases.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
/** The binary the "deno" npm package installs (DENO_BIN overrides it). */
const denoBin =
  process.env.DENO_BIN ??
  join(
    dirname(createRequire(import.meta.url).resolve('deno/package.json')),
    process.platform === 'win32' ? 'deno.exe' : 'deno',
  );

it('type-checks and runs unchanged in Deno, with the same results as in Node', async () => {
  const { stdout } = await promisify(execFile)(
    denoBin,
    ['run', '--check', '--no-prompt', 'test/deno/print-results.ts'],
    { cwd: packageDir, env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' } },
  );
  expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(runtimeResults())));
}, 60_000);
