import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../config/vitest-shared.mjs';

export default defineConfig({
  ...sourceConditions,
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The files share one module graph per worker (no per-file re-import of the stack, the
    // functions and supabase-js): about a third less CPU. No file mocks modules or changes
    // globals without restoring them; each starts and stops its own stack.
    isolate: false,
    // Integration tests start real Postgres and PostgREST processes.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
