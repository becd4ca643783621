// A Vite plugin that takes the tooltip provider out of Radix Themes' `Theme`.
//
// Radix Themes' outermost `<Theme>` wraps the page in the Radix tooltip provider. That provider
// lives in the same module as the tooltip itself, whose positioning engine (the popper and
// Floating UI, ≈ 20 KB gzipped) runs at module load, so every page would download it before its
// first render although no tooltip is open. The UI kit's `Tooltip` brings its own provider (see
// packages/ui/src/components/tooltip/tooltip.tsx), so the app's `Theme` does not need one: this
// plugin renders a fragment in its place, and the tooltip module loads with the first page that
// shows a tooltip. The build fails if `theme.js` no longer has the expected shape.
const THEME = /[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/;

/** @returns {import('vite').Plugin} */
export function radixThemeWithoutTooltipProvider() {
  return {
    name: 'verdant:radix-theme-without-tooltip-provider',
    enforce: 'pre',
    transform(code, id) {
      if (!THEME.test(id.split('?')[0] ?? id)) return null;
      const react = /import\s*\*\s*as\s*([\w$]+)\s*from\s*"react"/.exec(code)?.[1];
      const tooltip = /import\s*\{[^}]*\bTooltip as ([\w$]+)[^}]*\}\s*from\s*"radix-ui"/.exec(
        code,
      )?.[1];
      if (!react || !tooltip) {
        throw new Error(
          `${id}: no React or radix-ui Tooltip import; update config/vite-radix-theme.mjs`,
        );
      }
      const provider = `${react}.createElement(${tooltip}.Provider,{delayDuration:200},`;
      const uses = code.split(provider).length - 1;
      if (uses !== 1 || code.split(`${tooltip}.`).length - 1 !== 1) {
        throw new Error(
          `${id}: the tooltip provider is not where expected; update config/vite-radix-theme.mjs`,
        );
      }
      const next = code
        .replace(provider, `${react}.createElement(${react}.Fragment,null,`)
        .replace(new RegExp(`,?\\s*Tooltip as ${tooltip.replaceAll('$', '\\$')}\\b`), '');
      return { code: next, map: null };
    },
  };
}
