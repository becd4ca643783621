import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../config/vitest-shared.mjs';

export default defineConfig({
  ...sourceConditions,
  test: {
    // The files share one module graph per worker (no per-file re-import of the stack, the
    // functions and supabase-js): about a third less CPU. No file mocks modules or changes
    // globals without restoring them; each starts and stops its own stack.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // Each file starts its own real local stack (Postgres, PostgREST, auth, functions).
          hookTimeout: 120_000,
          testTimeout: 30_000,
        },
      },
    ],
  },
});
