// The production build of apps/platform that the platform benchmarks measure or serve.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const platformDir = fileURLToPath(new URL('../apps/platform', import.meta.url));

/** Builds the app (or, with `options.ssr`, its page renderer) into `outDir`; Vite's result. */
export function buildPlatform(outDir, options = {}) {
  return build({
    configFile: join(platformDir, 'vite.config.ts'),
    root: platformDir,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, ...options },
  });
}
