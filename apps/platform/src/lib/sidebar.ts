import { useCallback, useSyncExternalStore } from 'react';

/** Where the browser keeps whether the desktop sidebar is collapsed to its icons. */
export const SIDEBAR_COLLAPSED_KEY = 'verdant.sidebar-collapsed';

/** Where storage lives (`window`); reading `localStorage` itself throws where it is blocked. */
interface StorageScope {
  readonly localStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/** Whether the reader collapsed the sidebar last time (false where storage is unavailable). */
export function readSidebarCollapsed(scope: StorageScope = window): boolean {
  try {
    return scope.localStorage?.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Remembers the sidebar's state for the next visit (silently skipped where storage is blocked). */
export function writeSidebarCollapsed(collapsed: boolean, scope: StorageScope = window): void {
  try {
    const storage = scope.localStorage;
    if (collapsed) storage?.setItem(SIDEBAR_COLLAPSED_KEY, 'true');
    else storage?.removeItem(SIDEBAR_COLLAPSED_KEY);
  } catch {
    // Private modes and sandboxed frames refuse storage: the sidebar then starts expanded.
  }
}

const listeners = new Set<() => void>();

/**
 * The desktop sidebar's collapsed state, kept in the browser between visits. Prerendered pages are
 * built expanded; the stored choice applies once the browser has taken the page over.
 */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const collapsed = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => readSidebarCollapsed(),
    () => false,
  );
  const setCollapsed = useCallback((next: boolean) => {
    writeSidebarCollapsed(next);
    for (const listener of listeners) listener();
  }, []);
  return [collapsed, setCollapsed];
}
