/*
 * The part of `useConfirmLeave` that must be there before the router starts: the question being
 * asked (for the root's dialog) and the listener that holds Back and Forward back. It is small and
 * in the app's entry; the hook itself (./confirm-leave.ts) loads with the pages that use it.
 */

/** A pending question: leave with unsaved changes? `leave` goes on to where the reader was going. */
export interface LeaveRequest {
  message: string;
  leave: () => void;
}

let pending: LeaveRequest | null = null;
const listeners = new Set<() => void>();

/** Asks `request`'s question (the root's dialog shows it), or takes the question away (`null`). */
export function setPending(next: LeaveRequest | null): void {
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
export function historyIndex(state: unknown): number | undefined {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}

/** What holds Back and Forward back: a page's question, and the history entry the page is at. */
export interface HistoryHold {
  message: string;
  at: () => number | undefined;
}

/** The page that holds Back and Forward back while it has unsaved changes (`useConfirmLeave`). */
let holding: HistoryHold | null = null;

/** Holds Back and Forward back with `hold`'s question (`null`: lets them go). */
export function holdHistory(hold: HistoryHold | null): void {
  holding = hold;
}

/** Whether `hold` is the one holding Back and Forward back. */
export function isHolding(hold: HistoryHold): boolean {
  return holding === hold;
}

/** The question being asked now, if any. */
export function pendingQuestion(): LeaveRequest | null {
  return pending;
}
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
