import type { Clock } from './types.ts';

/** The global timers and Date.now, looked up on every call so test fake timers apply. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => {
    clock.setTimeout(resolve, ms);
  });
}

/** Calls `fn` once `ms` have passed without another `trigger()`. */
export function createDebouncer(clock: Clock, ms: number, fn: () => void) {
  let handle: unknown = null;
  return {
    trigger() {
      if (handle !== null) clock.clearTimeout(handle);
      handle = clock.setTimeout(() => {
        handle = null;
        fn();
      }, ms);
    },
    cancel() {
      if (handle !== null) clock.clearTimeout(handle);
      handle = null;
    },
  };
}

/** A repeating timer that can be started and stopped any number of times. */
export function createInterval(clock: Clock, ms: number, fn: () => void) {
  let handle: unknown = null;
  return {
    get running() {
      return handle !== null;
    },
    start() {
      if (handle === null) handle = clock.setInterval(fn, ms);
    },
    stop() {
      if (handle !== null) clock.clearInterval(handle);
      handle = null;
    },
  };
}
