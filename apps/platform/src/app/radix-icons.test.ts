import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, forwardRef, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { radixIconsPerModule } from '../../../../config/vite-radix-icons.mjs';

const plugin = radixIconsPerModule();
const context = { parse: (code: string) => parseAst(code) };
const transform = (code: string, id: string) =>
  (plugin.transform as (code: string, id: string) => { code: string } | null)(code, id);
const load = (id: string) =>
  (plugin.load as (this: typeof context, id: string) => string | null).call(context, id);
const resolve = (id: string) => (plugin.resolveId as (id: string) => string | null)(id);

/** Evaluates a generated module whose only imports are React's and the props helper. */
function evaluate(code: string, helper?: unknown): unknown {
  const body = code
    .replace(/^import .*$/gm, '')
    .replace(/^export \{ (\w+) \};$/m, 'return $1;')
    .replace(/^export (function (\w+)[\s\S]*)$/m, '$1\nreturn $2;');
  return new Function('forwardRef', 'createElement', '_objectWithoutPropertiesLoose', body)(
    forwardRef,
    createElement,
    helper,
  );
}

/** Every icon the UI kit imports from the package. */
function iconsTheKitUses(): string[] {
  const kit = path.join(__dirname, '..', '..', '..', '..', 'packages', 'ui', 'src');
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) {
        const source = readFileSync(file, 'utf8');
        for (const m of source.matchAll(
          /import\s*\{([^}]*)\}\s*from\s*'@radix-ui\/react-icons'/g,
        )) {
          for (const spec of m[1]!.split(',')) {
            const name = spec.trim().split(/\s+as\s+/)[0]!;
            if (name && !name.startsWith('type ')) names.add(name);
          }
        }
      }
    }
  };
  walk(kit);
  return [...names].sort();
}

describe('one module per Radix icon', () => {
  it('rewrites the app’s icon imports to one virtual module per icon, type names to the package', () => {
    const out = transform(
      "import { HamburgerMenuIcon, Cross2Icon as Close, type IconProps } from '@radix-ui/react-icons';\nimport type { IconProps as P } from '@radix-ui/react-icons';\n",
      '/repo/packages/ui/src/menu.tsx',
    );
    expect(out?.code).toBe(
      [
        "import { HamburgerMenuIcon as HamburgerMenuIcon } from 'virtual:radix-icon/HamburgerMenuIcon';",
        "import { Cross2Icon as Close } from 'virtual:radix-icon/Cross2Icon';",
        "import { type IconProps } from '@radix-ui/react-icons';",
        "import type { IconProps as P } from '@radix-ui/react-icons';",
        '',
      ].join('\n'),
    );
  });

  it('leaves dependencies and files without icon imports alone', () => {
    const code = "import { CheckIcon } from '@radix-ui/react-icons';";
    expect(transform(code, '/repo/node_modules/some-lib/index.js')).toBeNull();
    expect(transform("import { useState } from 'react';", '/repo/src/a.tsx')).toBeNull();
  });

  it('resolves only its own virtual ids', () => {
    expect(resolve('virtual:radix-icon/CheckIcon')).toBe('\0virtual:radix-icon/CheckIcon');
    expect(resolve('@radix-ui/react-icons')).toBeNull();
  });

  it('builds a working module for every icon the kit uses', () => {
    const helper = evaluate(load('\0virtual:radix-icon-helper')!);
    expect(helper).toBeTypeOf('function');
    const icons = iconsTheKitUses();
    expect(icons.length).toBeGreaterThan(10);
    for (const name of icons) {
      const code = load(`\0virtual:radix-icon/${name}`)!;
      // Only this icon's code: no other icon comes along.
      expect(code.match(/forwardRef\(/g)).toHaveLength(1);
      const Icon = evaluate(code, helper) as ComponentType<{
        color: string;
        'aria-hidden': boolean;
      }>;
      const markup = renderToStaticMarkup(
        createElement(Icon, { color: 'red', 'aria-hidden': true }),
      );
      expect(markup, name).toMatch(/^<svg [^>]*aria-hidden="true"/);
      expect(markup, name).toContain('red');
    }
  });

  it('fails the build for a name that is not an icon of the package', () => {
    expect(() => load('\0virtual:radix-icon/NoSuchIcon')).toThrow(/no icon "NoSuchIcon"/);
    expect(() =>
      transform("import { Slot } from '@radix-ui/react-icons';", '/repo/src/a.tsx'),
    ).toThrow(/"Slot" is not an icon/);
  });
});
