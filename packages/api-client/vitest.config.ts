import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../config/vitest-shared.mjs';

export default defineConfig({
  ...sourceConditions,
  test: {
    include: ['test/**/*.test.ts'],
    // Type tests of the public generics (`*.test-d.ts`) run with tsc as part of every test run.
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
    // Integration tests start a real local stack each; give them time to boot.
    hookTimeout: 120_000,
    testTimeout: 30_000,
  },
});
