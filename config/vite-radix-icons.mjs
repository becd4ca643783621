// A Vite plugin that gives every icon of `@radix-ui/react-icons` a module of its own.
//
// The package ships all of its icons in one ES module. A bundler places each module in exactly
// one chunk, so every icon any lazily loaded page uses would otherwise land in the entry chunk
// beside the app shell. With one module per icon, each icon goes where its users are: the shell's
// icons in the entry, a page's icons with that page.
//
// `import { CheckIcon, type IconProps } from '@radix-ui/react-icons'` in the app's own sources
// (the UI kit included; not files under node_modules) becomes one import per icon from a virtual
// module whose code is that icon's declaration, cut from the package's ES module. Type-only names
// keep importing from the package. The build fails if the package's module no longer has the
// expected shape (one `var XIcon = forwardRef(...)` per icon, sharing one props helper).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const PACKAGE = '@radix-ui/react-icons';
/** What the rewritten imports name, and the ids the plugin resolves them to (Vite's convention). */
const PREFIX = 'virtual:radix-icon/';
const HELPER = 'virtual:radix-icon-helper';
const RESOLVED = '\0';
const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])@radix-ui\/react-icons\3;?/g;

/** @returns {import('vite').Plugin} */
export function radixIconsPerModule() {
  /** @type {{ code: string; body: any[] } | undefined} */
  let source;

  /** The package's ES module, parsed once. */
  function packageModule(context) {
    if (!source) {
      const require = createRequire(import.meta.url);
      const file = require.resolve(`${PACKAGE}/dist/react-icons.esm.js`);
      const code = readFileSync(file, 'utf8');
      source = { code, body: context.parse(code).body };
    }
    return source;
  }

  function unexpected(what) {
    return new Error(`${PACKAGE}: ${what}; update config/vite-radix-icons.mjs`);
  }

  /** The source of the top-level `var name = …;` declaration, or undefined. */
  function declaration({ code, body }, name) {
    const node = body.find(
      (n) => n.type === 'VariableDeclaration' && n.declarations[0]?.id.name === name,
    );
    return node ? code.slice(node.start, node.end) : undefined;
  }

  return {
    name: 'verdant:radix-icons-per-module',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || id.startsWith(RESOLVED) || !code.includes(PACKAGE)) {
        return null;
      }
      if (!/\.[cm]?[jt]sx?$/.test(id.split('?')[0] ?? id)) return null;
      let changed = false;
      const next = code.replace(IMPORT, (whole, typeOnly, list) => {
        if (typeOnly) return whole;
        const names = list
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        const types = names.filter((n) => n.startsWith('type '));
        const values = names.filter((n) => !n.startsWith('type '));
        changed = true;
        const lines = values.map((spec) => {
          const [imported, local = imported] = spec.split(/\s+as\s+/);
          if (!/^\w+Icon$/.test(imported)) throw unexpected(`"${imported}" is not an icon`);
          return `import { ${imported} as ${local} } from '${PREFIX}${imported}';`;
        });
        if (types.length > 0) lines.push(`import { ${types.join(', ')} } from '${PACKAGE}';`);
        return lines.join('\n');
      });
      return changed ? { code: next, map: null } : null;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) || id === HELPER ? RESOLVED + id : null;
    },
    load(resolved) {
      if (!resolved.startsWith(RESOLVED)) return null;
      const id = resolved.slice(RESOLVED.length);
      if (id === HELPER) {
        const mod = packageModule(this);
        const helper = mod.body.find(
          (n) => n.type === 'FunctionDeclaration' && n.id.name === '_objectWithoutPropertiesLoose',
        );
        if (!helper) throw unexpected('the props helper is gone');
        return `export ${mod.code.slice(helper.start, helper.end)}\n`;
      }
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const mod = packageModule(this);
      const icon = declaration(mod, name);
      if (!icon || !icon.includes('forwardRef(')) throw unexpected(`no icon "${name}"`);
      const shared = [...new Set(icon.match(/\b_excluded[\w$]*/g) ?? [])].map((local) => {
        const found = declaration(mod, local);
        if (!found) throw unexpected(`"${name}" uses "${local}", which is not declared`);
        return found;
      });
      return [
        "import { forwardRef, createElement } from 'react';",
        `import { _objectWithoutPropertiesLoose } from '${HELPER}';`,
        ...shared,
        icon,
        `export { ${name} };`,
        '',
      ].join('\n');
    },
  };
}
