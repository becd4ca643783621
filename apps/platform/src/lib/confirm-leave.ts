import { useEffect } from 'react';

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
 * prompt, and a link to another page of the app through a confirmation with `message` (the app's
 * declarative router has no navigation blocker, so its links are held back before the router
 * sees the click).
 */
export function useConfirmLeave(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !leavesPage(event, window.location)) return;
      if (window.confirm(message)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture on the document runs before React's listeners on the app's root.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, message]);
}
