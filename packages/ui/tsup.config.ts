import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // Charts are a separate entry (`@verdant/ui/charts`), so importing the kit never pulls in recharts.
    entry: { index: 'src/index.ts', charts: 'src/charts.ts' },
    format: ['esm'],
    dts: true,
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
