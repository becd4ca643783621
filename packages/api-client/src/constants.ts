/** Spec §7/§9: the profile is read up to 3 times. */
export const PROFILE_FETCH_ATTEMPTS = 3;
/** Spec §9: back-off multiplier; the wait after failed attempt n is n × 1 s (1 s, 2 s, 3 s). */
export const PROFILE_FETCH_BACKOFF_MS = 1000;
/** The PostgREST code for "no row" from `.single()`; for the profile read it means "no profile". */
export const NO_ROWS_CODE = 'PGRST116';
/** The edge function that records engagement metrics (spec §7). */
export const TRACK_ENGAGEMENT_FUNCTION = 'track-engagement';
/** Spec §9: realtime heartbeat every 30 s (supabase-js defaults to 25 s). */
export const REALTIME_HEARTBEAT_MS = 30_000;
/** Spec §9: realtime request timeout 10 s. */
export const REALTIME_TIMEOUT_MS = 10_000;
/** Spec §9: realtime reconnect back-off 1 s, 2 s, 5 s, then 10 s. */
export const REALTIME_RECONNECT_MS = [1000, 2000, 5000, 10_000] as const;
