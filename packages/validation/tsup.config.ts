import { defineConfig } from 'tsup';

export default defineConfig({
  // One output module per source module: with "sideEffects": false a bundler drops whole modules
  // that are not used, so importing only the password rules never pulls in the HTML parser.
  entry: [
    'src/index.ts',
    'src/constants.ts',
    'src/email.ts',
    'src/password.ts',
    'src/roles.ts',
    'src/sanitize.ts',
  ],
  format: ['esm'],
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
