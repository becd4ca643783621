import type { WindowLike } from './types.ts';

/**
 * The browser fingerprint a persisted session is bound to: user agent plus screen width and
 * height (product spec §4). Restored state saved under another fingerprint is discarded.
 */
export function browserFingerprint(win: WindowLike | undefined): string {
  const userAgent = win?.navigator?.userAgent ?? 'unknown-agent';
  const width = win?.screen?.width ?? 0;
  const height = win?.screen?.height ?? 0;
  return `${userAgent}|${width}x${height}`;
}
