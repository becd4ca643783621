import type { RefObject } from 'react';

/**
 * After a submit that failed: once React has drawn the messages, moves the focus to the form's
 * first control marked aria-invalid (a `Field` with an error marks its control), or else to
 * `fallback` (an error card with tabIndex -1, say), so a keyboard or screen-reader user lands on
 * what to fix instead of on the page body (the busy submit button is disabled while it works).
 */
export function focusFirstInvalid(
  form: HTMLFormElement | null | undefined,
  fallback?: RefObject<HTMLElement | null>,
): void {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? fallback?.current)?.focus();
  });
}
