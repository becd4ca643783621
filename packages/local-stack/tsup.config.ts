import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/testing.ts', 'src/cli.ts'],
  format: ['esm'],
  dts: { entry: ['src/index.ts', 'src/testing.ts'] },
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
