/** Spec §7/§9: the profile is read up to 3 times. */
export const PROFILE_FETCH_ATTEMPTS = 3;
/** Spec §9: back-off multiplier; the wait after failed attempt n is n × 1 s (1 s, 2 s, 3 s). */
export const PROFILE_FETCH_BACKOFF_MS = 1000;
/** Spec §7/§9: the subscription fields are re-read 100 ms after login or token refresh (the auth engine schedules it). */
export const SUBSCRIPTION_RECHECK_DELAY_MS = 100;
/** The PostgREST code for "no row" from `.single()`; for the profile read it means "no profile". */
export const NO_ROWS_CODE = 'PGRST116';
/** The edge function that records engagement metrics (spec §7). */
export const TRACK_ENGAGEMENT_FUNCTION = 'track-engagement';
