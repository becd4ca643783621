import { useCallback, useEffect, useRef, useState } from 'react';

/** Looks an element up when it is needed (it may not be rendered yet). */
export type Find = () => HTMLElement | null | undefined;

interface FocusRequest {
  target: Find;
  /** What to scroll into view with it (the whole enrolment form, say); else the target. */
  reveal?: Find;
  /** Where the focus may still be when it moves (an input that was busy); else only the body. */
  from?: Find;
  until: number;
}

/** How long a focus request waits for the render that shows its target. */
const FOCUS_WAIT_MS = 10_000;

/**
 * Puts the focus on what replaced the control that had it (a form in place of a button, a
 * status in place of a form, the next action in place of one that is done), so a keyboard or
 * screen-reader user is not left on the page body. The target is looked for after each render
 * until one shows it (it may come with data that is still loading), and the focus moves only
 * while it is lost (on the body, or still in `from`): a user who moved on is not pulled back.
 */
export function useFocusWhenShown(): (
  target: Find,
  options?: Omit<FocusRequest, 'target' | 'until'>,
) => void {
  const pending = useRef<FocusRequest | null>(null);
  const [, setRequests] = useState(0);
  // After every render: the target may come with any of them.
  useEffect(() => {
    const request = pending.current;
    if (!request) return;
    if (Date.now() > request.until) {
      pending.current = null;
      return;
    }
    const target = request.target();
    if (!target) return;
    pending.current = null;
    const active = document.activeElement;
    const lost = !active || active === document.body || Boolean(request.from?.()?.contains(active));
    if (!lost) return;
    target.focus({ preventScroll: true });
    (request.reveal?.() ?? target).scrollIntoView({ block: 'nearest' });
  });
  return useCallback((target, options) => {
    pending.current = { ...options, target, until: Date.now() + FOCUS_WAIT_MS };
    setRequests((n) => n + 1);
  }, []);
}

/**
 * Where the focus goes when the row (`tr` or `li`) holding `control` leaves its list: the control
 * matching `selector` in the next row that has one (the same action for the next item), else in
 * the nearest row before it, else `fallback` (the list's heading or panel). Call it while the row
 * is still shown, and hand the result to `useFocusWhenShown`: it finds nothing until `control` is
 * gone, so the focus moves with the render that takes the row away.
 */
export function inPlaceOfRow(
  control: Element | null | undefined,
  selector: string,
  fallback: Find,
): Find {
  const row = control?.closest('tr, li');
  const rows = row?.parentElement ? [...row.parentElement.children] : [];
  const at = row ? rows.indexOf(row) : -1;
  const nearest = at === -1 ? [] : [...rows.slice(at + 1), ...rows.slice(0, at).reverse()];
  const candidates = nearest.flatMap((other) => {
    const match = other.querySelector<HTMLElement>(selector);
    return match ? [match] : [];
  });
  return () => {
    if (control?.isConnected) return null;
    return candidates.find((candidate) => candidate.isConnected) ?? fallback();
  };
}
