import type { AuthEnvironment } from './types.ts';

/** DOM events that count as user activity and extend the persisted session. */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

export interface EnvironmentHandlers {
  /** The tab was hidden (true) or shown again (false). */
  visibilityChange(hidden: boolean): void;
  /** The page is being left. */
  unload(): void;
  /** Pointer, key, scroll or touch activity. */
  activity(): void;
}

/** Listens to the document and window events the engine reacts to; returns the undo function. */
export function listenToEnvironment(
  env: AuthEnvironment,
  handlers: EnvironmentHandlers,
): () => void {
  const undo: (() => void)[] = [];
  const { document: doc, window: win } = env;
  if (doc) {
    const onVisibility = () => handlers.visibilityChange(doc.visibilityState === 'hidden');
    doc.addEventListener('visibilitychange', onVisibility);
    undo.push(() => doc.removeEventListener('visibilitychange', onVisibility));
  }
  if (win) {
    const onUnload = () => handlers.unload();
    const onActivity = () => handlers.activity();
    win.addEventListener('pagehide', onUnload);
    win.addEventListener('beforeunload', onUnload);
    for (const type of ACTIVITY_EVENTS) {
      win.addEventListener(type, onActivity, { passive: true, capture: true });
    }
    undo.push(() => {
      win.removeEventListener('pagehide', onUnload);
      win.removeEventListener('beforeunload', onUnload);
      for (const type of ACTIVITY_EVENTS) {
        win.removeEventListener(type, onActivity, { capture: true });
      }
    });
  }
  return () => {
    for (const fn of undo.splice(0)) fn();
  };
}
