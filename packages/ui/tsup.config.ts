import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // Heavy parts are separate entries (`@verdant/ui/charts`, `/sortable-list`, `/date-range-picker`,
    // `/command-palette`), so importing the kit never pulls in recharts, dnd-kit, the calendar or cmdk.
    // Every component folder is an entry of its own too: with code splitting each component lands
    // in its own module, so a consumer's bundler drops the modules of components it does not import
    // (`sideEffects` covers CSS only) instead of keeping module-level code of one big file.
    entry: [
      'src/index.ts',
      'src/charts.ts',
      'src/sortable-list.ts',
      'src/date-range-picker.ts',
      'src/command-palette.ts',
      'src/components/*/index.ts',
    ],
    splitting: true,
    format: ['esm'],
    // Types only for the public entry points; the per-component entries are internal modules.
    dts: {
      entry: {
        index: 'src/index.ts',
        charts: 'src/charts.ts',
        'sortable-list': 'src/sortable-list.ts',
        'date-range-picker': 'src/date-range-picker.ts',
        'command-palette': 'src/command-palette.ts',
      },
    },
    sourcemap: true,
    target: 'es2022',
    // Dependencies and peers stay imports, so a consumer's bundler dedupes and tree-shakes them.
    external: [/^react($|\/)/, /^react-dom($|\/)/, /^@radix-ui\//, /^radix-ui($|\/)/],
  },
  {
    // The core stylesheet (brand tokens and the component stylesheets), one stylesheet per heavy
    // entry and one for the link-in-bio components, so an app loads chart, calendar or creator-page
    // styles only where it uses them; @imports inlined.
    entry: {
      styles: 'src/styles.css',
      charts: 'src/charts.css',
      'sortable-list': 'src/sortable-list.css',
      'date-range-picker': 'src/date-range-picker.css',
      'command-palette': 'src/command-palette.css',
      'link-in-bio': 'src/link-in-bio.css',
    },
    minify: true,
  },
]);
