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
          // Type tests of the public generics (`*.test-d.ts`) run with tsc as part of every test run.
          typecheck: {
            enabled: true,
            include: ['test/types/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
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
