/**
 * Every number and key of the session rules (product spec §4 and §9), exported so that apps
 * and tests refer to one source of truth.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Persisted session lifetime without remember-me: 24 h. */
export const SESSION_DURATION_MS = 24 * HOUR;
/** Persisted session lifetime with remember-me: 30 days. */
export const REMEMBER_ME_DURATION_MS = 30 * DAY;
/** User activity extends the persisted session, debounced by 30 s. */
export const ACTIVITY_DEBOUNCE_MS = 30 * SECOND;
/** An expired persisted session is logged out by a check every 5 minutes. */
export const EXPIRY_CHECK_INTERVAL_MS = 5 * MINUTE;
/** The "Session Expiring Soon" warning is re-evaluated every 60 s. */
export const WARNING_CHECK_INTERVAL_MS = 60 * SECOND;
/** The warning shows when at most 5 minutes remain… */
export const WARNING_WINDOW_MS = 5 * MINUTE;
/** …or at most 24 h with remember-me. */
export const REMEMBER_ME_WARNING_WINDOW_MS = 24 * HOUR;

/** The access token is checked on a 30 s tick… */
export const AUTO_REFRESH_TICK_MS = 30 * SECOND;
/** …and refreshed when it expires within 3 ticks (90 s). */
export const AUTO_REFRESH_TICK_THRESHOLD = 3;
export const AUTO_REFRESH_MARGIN_MS = AUTO_REFRESH_TICK_THRESHOLD * AUTO_REFRESH_TICK_MS;
/** A retryable refresh failure is retried after 200 ms, doubling each time. */
export const REFRESH_RETRY_BASE_MS = 200;

/** Subscription fields are re-checked 100 ms after login or token refresh. */
export const SUBSCRIPTION_RECHECK_DELAY_MS = 100;

/** The current app version; a different stored version clears local storage. */
export const APP_VERSION = '1.0.0';
/** A stored demo session older than 24 h is discarded. */
export const DEMO_SESSION_MAX_AGE_MS = 24 * HOUR;

/** The id of the demo user: all zeros ending in 1. */
export const DEMO_USER_ID = '00000000-0000-0000-0000-000000000001';

/** Local-storage keys owned by the session engine. */
export const STORAGE_KEYS = {
  /** The obfuscated auth state (user, session, remember-me, expiry, fingerprint). */
  authState: 'verdant.auth',
  /** The app version the stored data was written by. */
  appVersion: 'verdant.app-version',
  /** The demo session (demo user + start time). */
  demoSession: 'verdant.demo-session',
  /** Links created while exploring the demo. */
  demoLinks: 'verdant.demo-links',
  /** When the demo's email-capture popup was last shown. */
  emailPopupShownAt: 'verdant.email-popup-shown-at',
} as const;
