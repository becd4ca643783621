import { afterEach, describe, expect, it, vi } from 'vitest';
import { installClientMeasures, isApprovedScript, isBlockedShortcut } from './client-measures.ts';

const key = (k: string, mods: Partial<KeyboardEventInit> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('blocked shortcuts (spec §8)', () => {
  it('blocks F12, Ctrl+Shift+I, Ctrl+U and Ctrl+Shift+C', () => {
    expect(isBlockedShortcut(key('F12'))).toBe(true);
    expect(isBlockedShortcut(key('I', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isBlockedShortcut(key('u', { ctrlKey: true }))).toBe(true);
    expect(isBlockedShortcut(key('C', { ctrlKey: true, shiftKey: true }))).toBe(true);
  });

  it('leaves ordinary typing and copy/paste alone', () => {
    expect(isBlockedShortcut(key('c', { ctrlKey: true }))).toBe(false);
    expect(isBlockedShortcut(key('i'))).toBe(false);
    expect(isBlockedShortcut(key('u', { ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});

describe('installClientMeasures', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('prevents right-click and the shortcuts when blocking is on', () => {
    cleanup = installClientMeasures({ blockDevtools: true, window });
    const context = new MouseEvent('contextmenu', { cancelable: true, bubbles: true });
    document.body.dispatchEvent(context);
    expect(context.defaultPrevented).toBe(true);
    const f12 = new KeyboardEvent('keydown', { key: 'F12', cancelable: true, bubbles: true });
    document.body.dispatchEvent(f12);
    expect(f12.defaultPrevented).toBe(true);
    const typing = new KeyboardEvent('keydown', { key: 'a', cancelable: true, bubbles: true });
    document.body.dispatchEvent(typing);
    expect(typing.defaultPrevented).toBe(false);
  });

  it('does nothing to right-click when switched off (development)', () => {
    cleanup = installClientMeasures({ blockDevtools: false, window });
    const context = new MouseEvent('contextmenu', { cancelable: true, bubbles: true });
    document.body.dispatchEvent(context);
    expect(context.defaultPrevented).toBe(false);
  });

  it('only logs an unapproved script added to the page', async () => {
    const logger = { warn: vi.fn() };
    cleanup = installClientMeasures({ blockDevtools: false, window, logger });
    const script = document.createElement('script');
    script.src = 'https://evil.example/x.js';
    script.type = 'text/plain';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(logger.warn).toHaveBeenCalledWith(
      'An unapproved script was added to the page',
      'https://evil.example/x.js',
    );
    expect(document.body.contains(script)).toBe(true);
  });

  it('approves the app origin and Stripe only', () => {
    expect(isApprovedScript('/assets/index.js', 'https://verdant.example')).toBe(true);
    expect(isApprovedScript('https://js.stripe.com/v3', 'https://verdant.example')).toBe(true);
    expect(isApprovedScript('https://cdn.example/x.js', 'https://verdant.example')).toBe(false);
    expect(isApprovedScript('', 'https://verdant.example')).toBe(false);
  });
});
