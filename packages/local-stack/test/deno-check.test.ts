import { execFile } from 'node:child_process';
import { readdir, access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findProjectRoot } from '../src/stack.js';

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

// What hosted Supabase runs: each function type-checks under Deno with the import map.
describe('edge functions under Deno', async () => {
  const names = await functionNames();

  it('include track-engagement', () => {
    expect(names).toContain('track-engagement');
  });

  it.each(names)('%s passes deno check', { timeout: 120_000 }, async (name) => {
    const { stderr } = await run(
      deno,
      [
        'check',
        '--quiet',
        '--config',
        path.join(functionsDir, 'deno.json'),
        path.join(functionsDir, name, 'index.ts'),
      ],
      {
        cwd: root,
        env: { ...process.env, DENO_DIR: path.join(tmpdir(), 'verdant-deno-cache'), NO_COLOR: '1' },
      },
    );
    expect(stderr).toBe('');
  });
});
