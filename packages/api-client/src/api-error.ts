// The error type itself, in a module without the server-error mapping: a page that only checks
// `instanceof ApiError` or an error's `code` does not load the mapping (or supabase-js with it).
/** Every stable error code an `ApiError` can carry. */
export const API_ERROR_CODES = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'network',
  'unavailable',
  'unknown',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiErrorOptions {
  /** HTTP status of the response, when there was one (0 is never stored). */
  status?: number;
  /** Extra context: the offending field for validation errors, PostgREST details and hint otherwise. */
  details?: unknown;
  /** The code the server gave (Postgres SQLSTATE such as `23505`, PostgREST `PGRST116`, …). */
  upstreamCode?: string;
  cause?: unknown;
}

/**
 * The one error type every call of the client throws. `code` is stable and meant for
 * program logic; `message` is for people (server messages such as the role-change rules of
 * spec §5 are passed through unchanged).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly status?: number;
  readonly details?: unknown;
  readonly upstreamCode?: string;

  constructor(code: ApiErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.status) this.status = options.status;
    if (options.details !== undefined) this.details = options.details;
    if (options.upstreamCode) this.upstreamCode = options.upstreamCode;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
