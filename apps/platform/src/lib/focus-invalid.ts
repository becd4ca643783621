import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

interface FocusRequest {
  form: HTMLFormElement | null | undefined;
  fallback?: RefObject<HTMLElement | null>;
}

/**
 * After a submit that failed, moves the focus to the form's first control marked aria-invalid (a
 * `Field` with an error marks its control), or else to `fallback` (an error card with tabIndex -1,
 * say), so a keyboard or screen-reader user lands on what to fix instead of on the page body.
 * The focus moves once React has committed the render that shows the messages (the request is a
 * state change of its own, batched with them), not on a timer that a slow render could outrun.
 */
export function useFocusFirstInvalid(): (
  form: HTMLFormElement | null | undefined,
  fallback?: RefObject<HTMLElement | null>,
) => void {
  const pending = useRef<FocusRequest | null>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    const request = pending.current;
    if (!request) return;
    pending.current = null;
    const target =
      request.form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      request.fallback?.current;
    if (!target) return;
    // Into the middle of the window, with its message below it: focus() alone may leave the
    // field at the top edge, under a sticky top bar.
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center' });
  }, [requests]);
  return useCallback((form, fallback) => {
    pending.current = { form, fallback };
    setRequests((n) => n + 1);
  }, []);
}
