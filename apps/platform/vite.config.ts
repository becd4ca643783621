import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  loadEnv,
  type Plugin,
} from 'vite';
import { radixIconsPerModule } from '../../config/vite-radix-icons.mjs';
import { radixThemeWithoutTooltipProvider } from '../../config/vite-radix-theme.mjs';
import { prerenderPages } from './prerender.ts';
import { unusedRadixComponentRules } from './radix-components.ts';
import { contentSecurityPolicy } from './src/lib/csp.ts';

/** Attribute-safe text. */
function attr(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Fills index.html's meta tags: the content security policy (spec §8) and the backend
 * configuration, with a preconnect hint to the API's origin (its requests are CORS requests, hence
 * `crossorigin`). Values come from VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY when the build has
 * them (static hosting); the local web server rewrites the tags at serve time for the stack it
 * fronts, so one build serves any stack.
 */
export function verdantMeta(env: Record<string, string>): Plugin {
  const url = env.VITE_SUPABASE_URL ?? '';
  const anonKey = env.VITE_SUPABASE_ANON_KEY ?? '';
  return {
    name: 'verdant-meta',
    transformIndexHtml(html) {
      return html
        .replace('__VERDANT_CSP__', attr(contentSecurityPolicy(url || undefined)))
        .replace(
          /(<meta name="verdant-supabase-url" content=")__VERDANT_SUPABASE_URL__(" \/>)/,
          (_tag, start: string, end: string) =>
            `${start}${attr(url)}${end}${url ? `\n    <link rel="preconnect" href="${attr(new URL(url).origin)}" crossorigin data-verdant-api />` : ''}`,
        )
        .replace('__VERDANT_SUPABASE_ANON_KEY__', attr(anonKey));
    },
  };
}

/**
 * Verdant renders only the dark appearance (spec §1), so the light-appearance blocks of the Radix
 * colour scales (`:root, .light, .light-theme { … }`, sRGB and P3) are dropped from the stylesheet:
 * the `.dark` blocks override them on every rendered element anyway.
 */
export function darkOnlyColorScales(): Plugin {
  const scale = /[\\/]@radix-ui[\\/]themes[\\/]tokens[\\/]colors[\\/][a-z]+\.css$/;
  return {
    name: 'verdant-dark-only-color-scales',
    enforce: 'pre',
    transform(code, id) {
      if (!scale.test(id.split('?')[0] ?? id)) return null;
      const stripped = code.replace(/:root, \.light, \.light-theme \{[^{}]*\}/g, '');
      if (stripped === code || !stripped.includes('.dark, .dark-theme {')) {
        throw new Error(
          `${id}: the Radix colour scale no longer has the expected light/dark blocks`,
        );
      }
      return { code: stripped, map: null };
    },
  };
}

/** What turns the sources into modules, for the browser build and the page renderer alike. */
const sourcePlugins = () => [react(), radixIconsPerModule(), radixThemeWithoutTooltipProvider()];

export default defineConfig(({ mode, isSsrBuild }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  // Workspace packages resolve to their TypeScript source: no prior package build needed.
  const resolve = { conditions: ['source', ...defaultClientConditions] };
  if (isSsrBuild) {
    // `vite build --ssr src/entry-server.tsx`: the page renderer the web server runs for
    // /@{username} and /s/{slug} (see entry-server.tsx). Self-contained (React, the router, the
    // kit and the pages are inside, lazy pages as chunks beside it), so the folder runs wherever it
    // is copied.
    return {
      plugins: sourcePlugins(),
      publicDir: false,
      resolve,
      ssr: {
        noExternal: true,
        resolve: { conditions: ['source', ...defaultServerConditions] },
      },
      build: {
        outDir: 'dist-server',
        emptyOutDir: true,
        target: 'node20',
        sourcemap: false,
        minify: true,
        // ES modules by their name, wherever the folder lies (no package.json says so there).
        rollupOptions: {
          output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' },
        },
      },
    };
  }
  return {
    plugins: [
      ...sourcePlugins(),
      verdantMeta(env),
      darkOnlyColorScales(),
      unusedRadixComponentRules(),
      prerenderPages(),
    ],
    resolve,
    // The same for the prerender's server-side render, which must not depend on package builds.
    ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      chunkSizeWarningLimit: 600,
      // Every browser the app supports preloads modules itself (Chromium 66, Firefox 115,
      // Safari 17): no polyfill in the entry.
      modulePreload: { polyfill: false },
      rollupOptions: {
        output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
      },
    },
    server: { port: 5173 },
  };
});
