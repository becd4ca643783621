import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../config/vitest-shared.mjs';

export default defineConfig({
  ...sourceConditions,
  test: {
    include: ['tests/**/*.test.ts'],
    // Each file starts its own stack; a busy 2-core machine can make single queries slow.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
