import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../config/vitest-shared.mjs';

export default defineConfig({
  ...sourceConditions,
  test: {
    include: ['tests/**/*.test.ts'],
    // The files share one module graph per worker (no per-file re-import of the stack, the
    // functions and supabase-js): about a third less CPU. No file mocks modules or changes
    // globals without restoring them; each starts and stops its own stack.
    isolate: false,
    // Each file starts its own stack; a busy 2-core machine can make single queries slow.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
