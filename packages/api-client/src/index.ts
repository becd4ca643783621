export { createApiClient, type ApiClient, type ApiClientOptions } from './client';
export type { VerdantSupabaseClient } from './context';
export {
  ApiError,
  API_ERROR_CODES,
  isApiError,
  toApiError,
  type ApiErrorCode,
  type ApiErrorOptions,
} from './errors';
export {
  NO_ROWS_CODE,
  PROFILE_FETCH_ATTEMPTS,
  PROFILE_FETCH_BACKOFF_MS,
  SUBSCRIPTION_RECHECK_DELAY_MS,
  TRACK_ENGAGEMENT_FUNCTION,
} from './constants';
export type { ValidationDetails, PageInput } from './validate';
export type { Profile, ProfileUpdate, ProfilesModule, SubscriptionState } from './modules/profiles';
export {
  METRIC_TYPES,
  type EngagementMetadata,
  type MetricType,
  type ScriptErrorMetadata,
  type TrackEngagement,
  type UnhandledRejectionMetadata,
} from './modules/engagement';
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types';
