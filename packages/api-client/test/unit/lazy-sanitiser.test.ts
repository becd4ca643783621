import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));

/** Bundles the client for browsers with code splitting; returns each output's source files. */
async function outputs(): Promise<Array<{ entry: boolean; inputs: string[] }>> {
  const result = await build({
    stdin: {
      contents: `import { createApiClient } from ${JSON.stringify(entry)};\nconsole.info(createApiClient);\n`,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'js',
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['source'],
    external: ['@supabase/supabase-js'],
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.values(result.metafile.outputs)
    .filter((output) => Object.keys(output.inputs).length > 0)
    .map((output) => ({
      entry: output.entryPoint !== undefined,
      inputs: Object.entries(output.inputs)
        .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
        .map(([input]) => input),
    }));
}

const htmlParser = (inputs: string[]) => inputs.some((input) => input.includes('/htmlparser2/'));

describe('the sanitiser loads with the first free text to check', () => {
  it('keeps the HTML parser out of the code that every page loads', async () => {
    const files = await outputs();
    const main = files.filter((file) => file.entry);
    expect(main).toHaveLength(1);
    expect(htmlParser(main[0]!.inputs)).toBe(false);
    // It is a chunk of its own, loaded on demand.
    const lazy = files.filter((file) => !file.entry && htmlParser(file.inputs));
    expect(lazy).toHaveLength(1);
    expect(lazy[0]!.inputs.some((input) => input.endsWith('validation/src/sanitize.ts'))).toBe(
      true,
    );
  });
});
