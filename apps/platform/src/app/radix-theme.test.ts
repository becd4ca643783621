import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { radixThemeWithoutTooltipProvider } from '../../../../config/vite-radix-theme.mjs';

const plugin = radixThemeWithoutTooltipProvider();
const transform = (code: string, id: string) =>
  (plugin.transform as (code: string, id: string) => { code: string } | null)(code, id);

const require = createRequire(import.meta.url);
const themeFile = path.join(
  path.dirname(require.resolve('@radix-ui/themes/package.json')),
  'dist/esm/components/theme.js',
);
const themeSource = readFileSync(themeFile, 'utf8');

describe('Radix Themes’ Theme without its tooltip provider', () => {
  it('renders a fragment where the installed Theme renders the tooltip provider', () => {
    expect(themeSource).toMatch(/Tooltip as \w+/);
    const out = transform(themeSource, themeFile)!.code;
    // Nothing of the tooltip module is referenced any more, so the bundler leaves it out.
    expect(out).not.toMatch(/Tooltip/);
    expect(out).toMatch(/createElement\(\w+\.Fragment,null,/);
    // The rest of the module is untouched: the direction provider, the slot and the exports.
    expect(out).toMatch(/import\s*\{\s*Direction as \w+,\s*Slot as \w+\s*\}\s*from\s*"radix-ui"/);
    expect(out).toContain('export{');
    expect(() => parseAst(out)).not.toThrow();
  });

  it('leaves every other module alone', () => {
    expect(
      transform(themeSource, '/repo/node_modules/@radix-ui/themes/dist/esm/components/tooltip.js'),
    ).toBeNull();
    expect(transform('export const x = 1;', '/repo/apps/platform/src/main.tsx')).toBeNull();
  });

  it('fails the build when theme.js no longer has the expected shape', () => {
    const moved = themeSource.replace(/delayDuration:200/, 'delayDuration:300');
    expect(() => transform(moved, themeFile)).toThrow(/update config\/vite-radix-theme\.mjs/);
    const noImport = themeSource.replace(/,?Tooltip as \w+/, '');
    expect(() => transform(noImport, themeFile)).toThrow(/update config\/vite-radix-theme\.mjs/);
  });
});
