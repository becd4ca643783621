import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from '../../config/chromium.mjs';
import { sourceConditions } from '../../config/vitest-shared.mjs';

const packageDir = fileURLToPath(new URL('.', import.meta.url));
const storybookConfigDir = fileURLToPath(new URL('../../.storybook', import.meta.url));

// Each browser project gets its own options object (a shared one makes Vitest refuse the config).
function chromium(viewport = { width: 1200, height: 900 }) {
  return {
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: { ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args] },
    }),
    instances: [{ browser: 'chromium' as const }],
    viewport,
    // Failure screenshots would land next to the tests in src/; the error output is enough.
    screenshotFailures: false,
  };
}

export default defineConfig({
  ...sourceConditions,
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          browser: {
            ...chromium(),
            commands: {
              // Lets component tests check their prefers-reduced-motion styles.
              emulateReducedMotion: async (ctx, reducedMotion: 'reduce' | 'no-preference') => {
                await ctx.page.emulateMedia({ reducedMotion });
              },
            },
          },
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: storybookConfigDir })],
        test: {
          name: 'storybook',
          browser: {
            ...chromium(),
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                // Tight enough to catch a changed colour, border or line of text; loose enough for
                // sub-pixel anti-aliasing noise.
                comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0.002 },
                // Baselines live in packages/ui/__screenshots__/<component>/<story>-chromium-linux.png.
                resolveScreenshotPath: ({ testFileName, arg, browserName, platform, ext }) =>
                  `${packageDir}__screenshots__/${testFileName.replace(/\.stories\.tsx$/, '')}/${arg}-${browserName}-${platform}${ext}`,
              },
            },
          },
          setupFiles: [`${packageDir}test/storybook-setup.ts`],
        },
      },
      {
        extends: true,
        test: {
          name: 'consumer',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
