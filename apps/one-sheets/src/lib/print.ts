import { verdantThemeDefaults } from '@verdant/ui';
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the page is being printed: `print` media (also when emulated) or between the window's
 * beforeprint and afterprint events. Paper gets the light appearance; screens stay dark.
 */
let printing = false;
const listeners = new Set<() => void>();

function emit(next: boolean) {
  if (next === printing) return;
  printing = next;
  // The browser lays out the printout right after beforeprint: render synchronously.
  flushSync(() => listeners.forEach((listener) => listener()));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    const query = window.matchMedia('print');
    printing = query.matches;
    const onChange = () => emit(query.matches);
    const before = () => emit(true);
    const after = () => emit(query.matches);
    query.addEventListener('change', onChange);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    teardown = () => {
      query.removeEventListener('change', onChange);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) teardown?.();
  };
}

let teardown: (() => void) | undefined;

export function usePrinting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => printing || window.matchMedia('print').matches,
    () => false,
  );
}

/** Paper sizes of the printable one-sheets. */
export const PAPER = {
  a4: { label: 'A4', css: 'A4', widthMm: 210, heightMm: 297 },
  letter: { label: 'US Letter', css: 'letter', widthMm: 215.9, heightMm: 279.4 },
} as const;

export type Paper = keyof typeof PAPER;

export function paperFrom(search: string): Paper {
  return new URLSearchParams(search).get('paper') === 'letter' ? 'letter' : 'a4';
}

/**
 * Radix Themes settings for a page: Verdant's dark theme on screens (spec §1), the light
 * appearance on paper so print colours stay legible and ink-friendly.
 */
export function themeProps(printing: boolean) {
  return {
    ...verdantThemeDefaults,
    appearance: printing ? ('light' as const) : ('dark' as const),
    className: 'vd-theme',
    hasBackground: true,
  };
}
