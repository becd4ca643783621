import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../config/vitest-shared.mjs';

export default defineConfig({
  ...sourceConditions,
  test: {
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
