import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TRANSITION_OVERLAY_DURATION,
  createTransitionController,
} from './transition-controller.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('transition controller', () => {
  it('is idle until started', () => {
    expect(createTransitionController().getState()).toBe('idle');
  });

  it('starts, then hides and resets itself 1000 ms later', () => {
    const controller = createTransitionController();
    const seen: string[] = [];
    controller.subscribe(() => seen.push(controller.getState()));
    controller.start();
    expect(controller.getState()).toBe('started');
    vi.advanceTimersByTime(TRANSITION_OVERLAY_DURATION - 1);
    expect(controller.getState()).toBe('started');
    vi.advanceTimersByTime(1);
    expect(controller.getState()).toBe('idle');
    expect(seen).toEqual(['started', 'idle']);
    expect(TRANSITION_OVERLAY_DURATION).toBe(1000);
  });

  it('restarts the 1000 ms when navigation happens again while shown', () => {
    const controller = createTransitionController();
    controller.start();
    vi.advanceTimersByTime(600);
    controller.start();
    vi.advanceTimersByTime(600);
    expect(controller.getState()).toBe('started');
    vi.advanceTimersByTime(400);
    expect(controller.getState()).toBe('idle');
  });

  it('reset hides at once and cancels the pending timer', () => {
    const controller = createTransitionController();
    controller.start();
    controller.reset();
    expect(controller.getState()).toBe('idle');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops notifying after unsubscribe', () => {
    const controller = createTransitionController();
    const listener = vi.fn();
    controller.subscribe(listener)();
    controller.start();
    expect(listener).not.toHaveBeenCalled();
  });
});
