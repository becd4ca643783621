/** Spec §1/§9: the overlay hides itself 1000 ms after it starts. */
export const TRANSITION_OVERLAY_DURATION = 1000;

/** Spec §4 page transition: idle, started on navigation, hidden and reset (back to idle) after 1 s. */
export type TransitionState = 'idle' | 'started';

export interface TransitionController {
  getState(): TransitionState;
  subscribe(listener: () => void): () => void;
  /** Shows the overlay; starting again while shown restarts the 1000 ms. */
  start(): void;
  /** Hides it at once (e.g. on unmount). */
  reset(): void;
}

export interface TransitionControllerOptions {
  duration?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** A framework-agnostic, subscribable state machine; React binds to it with `useTransitionOverlay`. */
export function createTransitionController({
  duration = TRANSITION_OVERLAY_DURATION,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}: TransitionControllerOptions = {}): TransitionController {
  let state: TransitionState = 'idle';
  let timer: unknown;
  const listeners = new Set<() => void>();
  const set = (next: TransitionState) => {
    if (next === state) return;
    state = next;
    listeners.forEach((listener) => listener());
  };
  const cancel = () => {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      cancel();
      set('started');
      timer = setTimer(() => {
        timer = undefined;
        set('idle');
      }, duration);
    },
    reset() {
      cancel();
      set('idle');
    },
  };
}
