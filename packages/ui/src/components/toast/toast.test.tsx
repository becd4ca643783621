import './toast.css';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VerdantTheme } from '../verdant-theme/index.ts';
import { TOAST_DURATION, TOAST_LIMIT, Toaster, toast } from './index.ts';

const openToasts = () => document.querySelectorAll('[data-slot="toast"][data-state="open"]');

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <VerdantTheme>
      <Toaster />
    </VerdantTheme>,
  );
});

afterEach(() => {
  act(() => toast.dismiss());
  cleanup();
  vi.useRealTimers();
});

describe('toast()', () => {
  // The 50 px swipe threshold is asserted as behaviour in the SwipeToDismiss story (45 px snaps
  // back, 60 px dismisses).
  it('uses the spec defaults: 5000 ms, one at a time', () => {
    expect(TOAST_DURATION).toBe(5000);
    expect(TOAST_LIMIT).toBe(1);
  });

  it('hides a toast 5000 ms after it appears', () => {
    act(() => void toast({ title: 'Saved' }));
    expect(openToasts()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION - 10);
    });
    expect(openToasts()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(openToasts()).toHaveLength(0);
  });

  it('shows one toast at a time: a new one replaces the current one', () => {
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(openToasts()).toHaveLength(1);
    expect(openToasts()[0]?.textContent).toContain('Second');
  });

  it('returns a handle that updates and dismisses the toast', () => {
    let handle!: ReturnType<typeof toast>;
    act(() => void (handle = toast({ title: 'Uploading' })));
    act(() => handle.update({ title: 'Uploaded', variant: 'destructive' }));
    expect(openToasts()[0]?.textContent).toContain('Uploaded');
    expect(openToasts()[0]?.getAttribute('data-variant')).toBe('destructive');
    act(() => handle.dismiss());
    expect(openToasts()).toHaveLength(0);
  });
});
