import { createHash } from 'node:crypto';
import postcss from 'postcss';
import type { Plugin } from 'vite';

/** A Radix Themes component class (`rt-SelectTrigger`), as the components write it. */
const COMPONENT_CLASS = /rt-[A-Z][A-Za-z]*/g;

/** Every Radix Themes component class that `code` names. */
export function componentClasses(code: string): Set<string> {
  return new Set(code.match(COMPONENT_CLASS));
}

/**
 * A selector without what its functional pseudo-classes hold. A class inside `:where(a, b)` or
 * `:is()` is one alternative among others, and one inside `:not()` matches by its absence: neither
 * says the selector cannot match, so only the classes outside them count.
 */
function outsideParentheses(selector: string): string {
  let rest = selector;
  while (/\([^()]*\)/.test(rest)) rest = rest.replace(/\([^()]*\)/g, '');
  return rest;
}

/**
 * The stylesheet without the selectors of Radix Themes components that the app never renders: a
 * selector that requires a component class (`.rt-SliderRoot`) not in `used` cannot match, and a
 * rule left without selectors goes, as does an at-rule left empty. Everything else (tokens,
 * utilities, `.rt-r-size-2` and the like, the app's own rules) stays as it is.
 */
export function dropUnusedComponentRules(css: string, used: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  let changed = false;
  root.walkRules((rule) => {
    // Keyframe steps (`from`, `50%`) are rules too, without classes: they stay.
    const kept = rule.selectors.filter((selector) =>
      [...outsideParentheses(selector).matchAll(COMPONENT_CLASS)].every(([name]) => used.has(name)),
    );
    if (kept.length === rule.selectors.length) return;
    changed = true;
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  if (!changed) return css;
  const dropEmpty = () => {
    let dropped = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        dropped = true;
      }
    });
    return dropped;
  };
  while (dropEmpty());
  return root.toString();
}

/**
 * The app imports Radix Themes' whole component layer (`components.css`, about 430 KB before
 * compression), which styles every component Radix Themes has: sliders, radio cards, hover cards,
 * the theme panel… After the bundle is made this drops the rules of every component that no
 * JavaScript chunk of the build names, so the stylesheet a first page waits for (and parses) holds
 * only what the app can render. A stylesheet that changes is written under a name with the hash of
 * its new content, and every chunk and page that named it names the new file: a browser never
 * keeps a cached copy that lacks a component a later build started to use.
 */
export function unusedRadixComponentRules(): Plugin {
  return {
    name: 'verdant-unused-radix-component-rules',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const used = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk')
          for (const name of componentClasses(output.code)) used.add(name);
      }
      const renamed = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'asset' || !output.fileName.endsWith('.css')) continue;
        const css =
          typeof output.source === 'string'
            ? output.source
            : new TextDecoder().decode(output.source);
        const pruned = dropUnusedComponentRules(css, used);
        if (pruned === css) continue;
        const hash = createHash('sha256').update(pruned).digest('base64url').slice(0, 8);
        const fileName = output.fileName.replace(/-[\w-]+\.css$/, `-${hash}.css`);
        if (fileName === output.fileName) {
          throw new Error(`${output.fileName}: expected a hashed stylesheet name`);
        }
        delete bundle[output.fileName];
        this.emitFile({ type: 'asset', fileName, source: pruned });
        renamed.set(output.fileName, fileName);
      }
      if (renamed.size === 0) return;
      const rename = (text: string) => {
        let result = text;
        for (const [from, to] of renamed) result = result.split(from).join(to);
        return result;
      };
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') {
          output.code = rename(output.code);
          const css = output.viteMetadata?.importedCss;
          if (css) {
            for (const [from, to] of renamed) {
              if (css.delete(from)) css.add(to);
            }
          }
        } else if (output.fileName.endsWith('.html') && typeof output.source === 'string') {
          output.source = rename(output.source);
        }
      }
    },
  };
}
