import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { darkOnlyColorScales } from '../../vite.config.ts';

const appRoot = join(__dirname, '..', '..');
const kitRoot = join(appRoot, '..', '..', 'packages', 'ui', 'src');
const require = createRequire(import.meta.url);

/** Radix Themes' colour scales (tokens/colors/*.css). */
const SCALES = readdirSync(
  join(require.resolve('@radix-ui/themes/tokens/base.css'), '..', 'colors'),
)
  .filter((f) => f.endsWith('.css'))
  .map((f) => f.replace(/\.css$/, ''));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(tsx?|css)$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Every scale the kit and the app name: as a quoted colour name or as a `var(--<scale>-N)`. */
function referencedScales(): Set<string> {
  const names = SCALES.join('|');
  const pattern = new RegExp(`["'](${names})["']|var\\(--(${names})-a?\\d`, 'g');
  const found = new Set<string>();
  for (const file of [...sourceFiles(kitRoot), ...sourceFiles(join(appRoot, 'src'))]) {
    for (const m of readFileSync(file, 'utf8').matchAll(pattern)) found.add((m[1] ?? m[2])!);
  }
  return found;
}

const importedScales = [
  ...readFileSync(join(appRoot, 'src', 'main.tsx'), 'utf8').matchAll(
    /import '@radix-ui\/themes\/tokens\/colors\/([a-z]+)\.css';/g,
  ),
].map((m) => m[1]!);

describe('the stylesheet', () => {
  it('imports Radix Themes in layers, never the whole stylesheet with every scale', () => {
    const main = readFileSync(join(appRoot, 'src', 'main.tsx'), 'utf8');
    expect(main).not.toContain("'@radix-ui/themes/styles.css'");
    expect(main).not.toContain("'@radix-ui/themes/tokens.css'");
    for (const layer of ['tokens/base.css', 'components.css', 'utilities.css']) {
      expect(main).toContain(`import '@radix-ui/themes/${layer}';`);
    }
    expect(importedScales.length).toBeLessThan(SCALES.length / 2);
  });

  it('imports every colour scale that the kit and the app use', () => {
    const missing = [...referencedScales()].filter((scale) => !importedScales.includes(scale));
    expect(missing, 'colour scales used in code but not imported in main.tsx').toEqual([]);
  });
});

describe('darkOnlyColorScales', () => {
  const plugin = darkOnlyColorScales() as Plugin & {
    transform: (code: string, id: string) => { code: string } | null;
  };
  const mintPath = require.resolve('@radix-ui/themes/tokens/colors/mint.css');
  const mint = readFileSync(mintPath, 'utf8');

  it('drops the light-appearance blocks of a colour scale and keeps the dark ones', () => {
    const out = plugin.transform(mint, mintPath)!.code;
    expect(mint).toContain(':root, .light, .light-theme {');
    expect(out).not.toContain('.light');
    expect(out.match(/\.dark, \.dark-theme \{/g)).toHaveLength(2); // sRGB and P3
    expect(out).toContain('--mint-1: #0e1515;'); // the dark step 1
    expect(out).not.toContain('--mint-1: #f9fefd;'); // not the light one
    expect(out).toContain('--mint-contrast'); // the appearance-independent tokens stay
    expect(out.length).toBeLessThan(mint.length * 0.7);
  });

  it('leaves other stylesheets alone', () => {
    expect(plugin.transform('.a { color: red }', '/x/@radix-ui/themes/components.css')).toBeNull();
    expect(plugin.transform(mint, '/x/src/app/app.css')).toBeNull();
  });

  it('fails the build when a scale no longer has the expected blocks', () => {
    expect(() => plugin.transform(':root { --mint-1: #fff; }', mintPath)).toThrow(/expected/);
  });
});
