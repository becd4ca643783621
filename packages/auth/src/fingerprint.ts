import type { WindowLike } from './types.ts';

/**
 * The browser fingerprint a persisted session is bound to: user agent plus screen width and
 * height (product spec §4). Restored state saved under another fingerprint is discarded.
 *
 * The screen's two sides are written longer first: phones swap `screen.width` and
 * `screen.height` when they turn, and turning the phone is not another browser, so a reload in
 * landscape keeps a session saved in portrait. (A desktop screen reads as before: 1920x1080.)
 */
export function browserFingerprint(win: WindowLike | undefined): string {
  const userAgent = win?.navigator?.userAgent ?? 'unknown-agent';
  const width = win?.screen?.width ?? 0;
  const height = win?.screen?.height ?? 0;
  return `${userAgent}|${Math.max(width, height)}x${Math.min(width, height)}`;
}
