import { describe, expect, it } from 'vitest';
import { browserFingerprint } from '../../src/fingerprint.ts';
import type { WindowLike } from '../../src/types.ts';

const browser = (userAgent: string, width: number, height: number) =>
  ({ navigator: { userAgent }, screen: { width, height } }) as unknown as WindowLike;

describe('browserFingerprint', () => {
  it('is the user agent with the screen size', () => {
    expect(browserFingerprint(browser('Agent/1', 1920, 1080))).toBe('Agent/1|1920x1080');
  });

  it('stays the same when a phone turns (its screen width and height swap)', () => {
    const portrait = browserFingerprint(browser('Phone/2', 412, 915));
    expect(browserFingerprint(browser('Phone/2', 915, 412))).toBe(portrait);
  });

  it('differs for another user agent or another screen', () => {
    const saved = browserFingerprint(browser('Agent/1', 1920, 1080));
    expect(browserFingerprint(browser('Agent/2', 1920, 1080))).not.toBe(saved);
    expect(browserFingerprint(browser('Agent/1', 2560, 1440))).not.toBe(saved);
  });

  it('has a stable value where there is no window', () => {
    expect(browserFingerprint(undefined)).toBe('unknown-agent|0x0');
  });
});
