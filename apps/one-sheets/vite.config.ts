import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { radixIconsPerModule } from '../../config/vite-radix-icons.mjs';
import { radixThemeWithoutTooltipProvider } from '../../config/vite-radix-theme.mjs';

export default defineConfig({
  plugins: [react(), radixIconsPerModule(), radixThemeWithoutTooltipProvider()],
  // Workspace packages resolve to their TypeScript source: no prior package build needed.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Served next to the platform build from one origin: a folder of its own keeps the two apart
    // (and lets a CDN route /assets/one-sheets/* to this build).
    assetsDir: 'assets/one-sheets',
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: { port: 5174 },
});
