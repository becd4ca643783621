import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../config/vitest-shared.mjs';

export default defineConfig({
  ...sourceConditions,
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Integration tests start real Postgres and PostgREST processes.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
