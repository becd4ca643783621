import { useEffect, type RefObject } from 'react';

/**
 * Escape anywhere in an inline editor cancels it as its Cancel button does (what was saved stays).
 * The key goes no further, so a dialog or page around the editor does not also act on it.
 */
export function useEscapeCancels(
  formRef: RefObject<HTMLFormElement | null>,
  onCancel: () => void,
): void {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    };
    form.addEventListener('keydown', onKeyDown);
    return () => form.removeEventListener('keydown', onKeyDown);
  }, [formRef, onCancel]);
}
