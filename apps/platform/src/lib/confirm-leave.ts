import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

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

/** A pending question: leave with unsaved changes? `leave` goes on to where the reader was going. */
export interface LeaveRequest {
  message: string;
  leave: () => void;
}

let pending: LeaveRequest | null = null;
const listeners = new Set<() => void>();

function setPending(next: LeaveRequest | null): void {
  pending = next;
  for (const listener of listeners) listener();
}

/** The question being asked, for the dialog that asks it (`useSyncExternalStore`). */
export const leaveRequests = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): LeaveRequest | null => pending,
  /** Stay: the question goes, nothing moves. */
  stay: (): void => setPending(null),
  /** Leave: the question goes and the navigation it held back happens. */
  leave: (): void => {
    const request = pending;
    setPending(null);
    request?.leave();
  },
};

/** The index React Router keeps in each history entry's state (`idx`), if any. */
function historyIndex(state: unknown): number | undefined {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}

/** The page that holds Back and Forward back while it has unsaved changes (`useConfirmLeave`). */
let holding: { message: string; at: () => number | undefined } | null = null;
/** Set while a held-back step is undone: the popstate that undoing makes is nobody's business. */
let undoing = false;

/**
 * Back and Forward on a page with unsaved changes: the step is undone at once (before the router
 * hears of it) and made again only if the reader chooses to leave. Listening from the module's
 * start puts this listener before the router's own, which would otherwise render the next page
 * (and unmount this one) within the same event.
 */
function onPopState(event: PopStateEvent): void {
  if (undoing) {
    undoing = false;
    event.stopImmediatePropagation();
    return;
  }
  if (!holding) return;
  const to = historyIndex(event.state);
  const from = holding.at();
  if (to === undefined || from === undefined || to === from) return;
  event.stopImmediatePropagation();
  const steps = to - from;
  undoing = true;
  window.history.go(-steps);
  setPending({
    message: holding.message,
    leave: () => {
      holding = null;
      window.history.go(steps);
    },
  });
}

if (typeof window !== 'undefined') window.addEventListener('popstate', onPopState);

/**
 * While `active`, leaving the page asks first: a reload or a closed tab through the browser's own
 * prompt; a link to another page of the app, and the browser's Back and Forward, through the
 * app's own dialog (`LeaveDialog`, in the root) with `message`. The app's declarative router has
 * no navigation blocker, so links are held back before the router sees the click, and Back and
 * Forward before it hears them (see `onPopState`).
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
          holding = null;
          void navigate(`${url.pathname}${url.search}${url.hash}`);
        },
      });
    };
    const hold = { message, at: () => at.current };
    holding = hold;
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture on the document runs before React's listeners on the app's root.
    document.addEventListener('click', onClick, true);
    return () => {
      if (holding === hold) holding = null;
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      // A question this page asked goes with it.
      if (pending?.message === message) setPending(null);
    };
  }, [active, message, navigate]);
}
