import { execFile } from 'node:child_process';
import { access, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProjectRoot } from '../src/stack.ts';

const run = promisify(execFile);
const root = await findProjectRoot();
const functionsDir = path.join(root, 'supabase', 'functions');
const deno = path.join(
  path.dirname(createRequire(import.meta.url).resolve('deno/package.json')),
  'deno',
);

async function functionNames(): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(functionsDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('_')) continue;
    try {
      await access(path.join(functionsDir, entry.name, 'index.ts'));
      names.push(entry.name);
    } catch {
      // not a function directory
    }
  }
  return names.sort();
}

// What hosted Supabase runs: each function type-checks under Deno with the import map. The check
// needs no network: an empty Deno cache, an unreachable registry and proxy, and npm: imports
// resolved from the workspace's node_modules ("nodeModulesDir": "manual").
describe('edge functions under Deno', async () => {
  const names = await functionNames();
  let denoDir: string;

  beforeAll(async () => {
    denoDir = await mkdtemp(path.join(tmpdir(), 'verdant-empty-deno-'));
  });

  afterAll(async () => {
    await rm(denoDir, { recursive: true, force: true });
  });

  it('include track-engagement', () => {
    expect(names).toContain('track-engagement');
  });

  it('resolve npm: imports from node_modules, not from a download', async () => {
    const config = JSON.parse(await readFile(path.join(functionsDir, 'deno.json'), 'utf8')) as {
      nodeModulesDir?: string;
    };
    expect(config.nodeModulesDir).toBe('manual');
  });

  // One `deno check` over every entry point: the functions share most of their modules, so one
  // program checks them all in a fraction of the time separate runs take; an error names its file.
  it('every function passes deno check', { timeout: 180_000 }, async () => {
    const { stderr } = await run(
      deno,
      [
        'check',
        '--quiet',
        '--config',
        path.join(functionsDir, 'deno.json'),
        ...names.map((name) => path.join(functionsDir, name, 'index.ts')),
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          DENO_DIR: denoDir,
          NO_COLOR: '1',
          NPM_CONFIG_REGISTRY: 'http://127.0.0.1:9/',
          HTTPS_PROXY: 'http://127.0.0.1:9',
          HTTP_PROXY: 'http://127.0.0.1:9',
          DENO_TLS_CA_STORE: 'mozilla',
        },
      },
    );
    expect(stderr).toBe('');
  });
});
