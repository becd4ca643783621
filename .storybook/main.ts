import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { sourceConditions } from '../config/vitest-shared.mjs';

// The one Storybook of the repository: every package's stories, the dark Verdant theme around each.
const config: StorybookConfig = {
  // One entry per package with stories (no wildcard above src: Storybook's Vitest addon runs from the
  // package directory and matches story files relative to it).
  stories: ['../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  typescript: {
    // Prop tables from the TypeScript types (cva variants included). Props inherited from React's DOM
    // types are left out so each table shows what the component itself adds or narrows.
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      tsconfigPath: fileURLToPath(new URL('../packages/ui/tsconfig.json', import.meta.url)),
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      propFilter: (prop) =>
        !prop.parent || !/node_modules\/@types\/react\//.test(prop.parent.fileName),
    },
  },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      // @verdant/* packages resolve to their TypeScript source, as in tests and apps.
      resolve: sourceConditions.resolve,
      build: {
        rollupOptions: {
          onwarn(warning, warn) {
            // Radix ships "use client" directives that mean nothing in a client-only bundle.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client'))
              return;
            warn(warning);
          },
        },
      },
    });
  },
};

export default config;
