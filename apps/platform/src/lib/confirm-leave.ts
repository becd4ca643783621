import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  historyIndex,
  holdHistory,
  isHolding,
  pendingQuestion,
  setPending,
  type HistoryHold,
} from './leave-guard.ts';

/**
 * Whether a click on `target` would take the reader to another page of this site: a plain
 * primary-button click on a same-origin link to another path, opened in this tab.
 */
export function leavesPage(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'target'>,
  here: Pick<Location, 'origin' | 'pathname' | 'href'>,
): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const target = event.target as Element | null;
  const anchor = target?.closest?.<HTMLAnchorElement>('a[href]');
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download'))
    return false;
  const url = new URL(anchor.getAttribute('href') ?? '', here.href);
  return url.origin === here.origin && url.pathname !== here.pathname;
}

/**
 * While `active`, leaving the page asks first: a reload or a closed tab through the browser's own
 * prompt; a link to another page of the app, and the browser's Back and Forward, through the
 * app's own dialog (`LeaveDialog`, in the root) with `message`. The app's declarative router has
 * no navigation blocker, so links are held back before the router sees the click, and Back and
 * Forward before it hears them (./leave-guard.ts).
 */
export function useConfirmLeave(active: boolean, message: string): void {
  const navigate = useNavigate();
  const location = useLocation();
  // The history entry the page is at, kept as the reader moves within it (?page=, say): read
  // after every render, once the entry is the rendered location's (same key).
  const at = useRef<number | undefined>(undefined);
  useEffect(() => {
    const state = window.history.state as { key?: unknown } | null;
    if (state?.key === location.key) at.current = historyIndex(state);
  });
  useEffect(() => {
    if (!active) return;
    let released = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      if (released || event.defaultPrevented || !leavesPage(event, window.location)) return;
      event.preventDefault();
      event.stopPropagation();
      const anchor = (event.target as Element).closest<HTMLAnchorElement>('a[href]')!;
      const url = new URL(anchor.getAttribute('href') ?? '', window.location.href);
      setPending({
        message,
        leave: () => {
          released = true;
          holdHistory(null);
          void navigate(`${url.pathname}${url.search}${url.hash}`);
        },
      });
    };
    const hold: HistoryHold = { message, at: () => at.current };
    holdHistory(hold);
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture on the document runs before React's listeners on the app's root.
    document.addEventListener('click', onClick, true);
    return () => {
      if (isHolding(hold)) holdHistory(null);
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      // A question this page asked goes with it.
      if (pendingQuestion()?.message === message) setPending(null);
    };
  }, [active, message, navigate]);
}
