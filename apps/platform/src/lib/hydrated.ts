import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a page is rendered at build time and while the browser takes that HTML over
 * (hydration), true from then on, and true at once for a page the browser renders itself. A
 * prerendered form keeps its controls disabled until this is true: before the app runs, a submit
 * would leave as a plain GET with its fields in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
