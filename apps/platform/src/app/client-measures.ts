/**
 * Spec §8's client-side measures. They are obfuscation, not security: anyone can switch them off
 * in their own browser. The real protection is in Postgres (RLS) and the server's headers.
 */

/** The shortcuts spec §8 blocks: F12, Ctrl+Shift+I, Ctrl+U, Ctrl+Shift+C. */
export function isBlockedShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): boolean {
  if (event.key === 'F12') return true;
  const mod = event.ctrlKey || event.metaKey;
  if (!mod) return false;
  const key = event.key.toLowerCase();
  if (event.shiftKey && (key === 'i' || key === 'c')) return true;
  return !event.shiftKey && key === 'u';
}

/** Script origins the app itself loads: its own origin and Stripe. */
export function isApprovedScript(src: string, origin: string): boolean {
  if (!src) return false;
  try {
    const url = new URL(src, origin);
    return url.origin === origin || url.origin === 'https://js.stripe.com';
  } catch {
    return false;
  }
}

export interface ClientMeasuresOptions {
  /** Block right-click and the devtools shortcuts (switched off in development). */
  blockDevtools: boolean;
  window: Window & { MutationObserver?: typeof MutationObserver };
  logger?: Pick<Console, 'warn'>;
}

/** Installs the measures; returns a cleanup. */
export function installClientMeasures({
  blockDevtools,
  window: win,
  logger = console,
}: ClientMeasuresOptions): () => void {
  const cleanups: (() => void)[] = [];

  // Framing denial: browsers ignore frame-ancestors in a meta tag, so a framed copy leaves the frame.
  try {
    if (win.top && win.top !== win.self) win.top.location.href = win.location.href;
  } catch {
    // A cross-origin parent refuses; the server's X-Frame-Options header applies there.
  }

  if (blockDevtools) {
    const onContextMenu = (event: Event) => event.preventDefault();
    const onKeyDown = (event: KeyboardEvent) => {
      if (isBlockedShortcut(event)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    win.addEventListener('contextmenu', onContextMenu);
    win.addEventListener('keydown', onKeyDown, { capture: true });
    cleanups.push(() => {
      win.removeEventListener('contextmenu', onContextMenu);
      win.removeEventListener('keydown', onKeyDown, { capture: true });
    });
  }

  // An unapproved script injected into the page is only logged (spec §8).
  if (typeof win.MutationObserver === 'function') {
    const observer = new win.MutationObserver((records: MutationRecord[]) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.nodeName !== 'SCRIPT') continue;
          const src = (node as HTMLScriptElement).src;
          if (!isApprovedScript(src, win.location.origin)) {
            logger.warn('An unapproved script was added to the page', src || '(inline)');
          }
        }
      }
    });
    observer.observe(win.document.documentElement, { childList: true, subtree: true });
    cleanups.push(() => observer.disconnect());
  }

  return () => cleanups.forEach((cleanup) => cleanup());
}
