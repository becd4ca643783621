/** How long an "… removed" toast and its Undo stay up (the kit's default is 5 s). */
export const UNDO_DURATION = 10_000;

/**
 * The focus is free to move when it sits nowhere (the button that had it was removed) or in the
 * toast whose Undo was pressed; anywhere else the user has moved it on, and it stays.
 */
export function focusIsFree(): boolean {
  const active = document.activeElement;
  return (
    !active || active === document.body || Boolean(active.closest('[data-slot="toast-viewport"]'))
  );
}
