import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // Charts are a separate entry (`@verdant/ui/charts`), so importing the kit never pulls in recharts.
    // Every component folder is an entry of its own too: with code splitting each component lands
    // in its own module, so a consumer's bundler drops the modules of components it does not import
    // (`sideEffects` covers CSS only) instead of keeping module-level code of one big file.
    entry: ['src/index.ts', 'src/charts.ts', 'src/components/*/index.ts'],
    splitting: true,
    format: ['esm'],
    // Types only for the public entry points; the per-component entries are internal modules.
    dts: { entry: { index: 'src/index.ts', charts: 'src/charts.ts' } },
    sourcemap: true,
    target: 'es2022',
    // Dependencies and peers stay imports, so a consumer's bundler dedupes and tree-shakes them.
    external: [/^react($|\/)/, /^react-dom($|\/)/, /^@radix-ui\//, /^radix-ui($|\/)/],
  },
  {
    // One CSS file: the brand tokens and every component stylesheet, @imports inlined.
    entry: { styles: 'src/styles.css' },
    minify: true,
  },
]);
