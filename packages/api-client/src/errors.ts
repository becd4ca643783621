import {
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
  isAuthError,
} from '@supabase/supabase-js';
import { ApiError, type ApiErrorCode } from './api-error.ts';

export {
  API_ERROR_CODES,
  ApiError,
  isApiError,
  type ApiErrorCode,
  type ApiErrorOptions,
} from './api-error.ts';

/**
 * Server codes mapped deliberately. Anything not listed falls back to the SQLSTATE class and
 * then to the HTTP status.
 */
const UPSTREAM_CODES: Readonly<Record<string, ApiErrorCode>> = {
  // PostgREST
  PGRST116: 'not_found', // .single() found no (or several) rows
  PGRST301: 'unauthorized', // JWT invalid or expired
  PGRST302: 'unauthorized', // anonymous access disabled
  PGRST303: 'unauthorized', // JWT claims invalid
  PGRST000: 'unavailable', // database connection failed
  PGRST001: 'unavailable',
  PGRST002: 'unavailable', // schema cache not loaded
  PGRST003: 'unavailable', // pool timeout
  PGRST100: 'validation_failed', // unparsable query string
  PGRST102: 'validation_failed', // invalid request body
  PGRST103: 'validation_failed', // requested range not satisfiable
  PGRST204: 'validation_failed', // unknown column in body
  // Postgres
  '42501': 'forbidden', // insufficient_privilege, also raised by row-level security
  '23505': 'conflict', // unique_violation
  '23503': 'conflict', // foreign_key_violation (missing parent or still referenced)
  '23P01': 'conflict', // exclusion_violation
  '40001': 'conflict', // serialization_failure
  '40P01': 'conflict', // deadlock_detected
  '23502': 'validation_failed', // not_null_violation
  '23514': 'validation_failed', // check_violation
  P0001: 'validation_failed', // raise exception without an errcode
  P0002: 'not_found', // no_data_found
  '57014': 'unavailable', // statement timeout / cancelled
  '53300': 'unavailable', // too many connections
};

/** SQLSTATE classes: 22 data exception, 08 connection exception, 53 insufficient resources. */
const SQLSTATE_CLASSES: Readonly<Record<string, ApiErrorCode>> = {
  '22': 'validation_failed',
  '08': 'unavailable',
  '53': 'unavailable',
};

export function codeForStatus(status: number | undefined): ApiErrorCode {
  if (status === undefined || status === 0) return 'network';
  if (status === 400 || status === 422) return 'validation_failed';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 406) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'unknown';
}

function codeForUpstream(upstreamCode: string, status: number | undefined): ApiErrorCode {
  const exact = UPSTREAM_CODES[upstreamCode];
  if (exact) return exact;
  if (/^[0-9A-Z]{5}$/.test(upstreamCode) && !upstreamCode.startsWith('PGRST')) {
    const byClass = SQLSTATE_CLASSES[upstreamCode.slice(0, 2)];
    if (byClass) return byClass;
  }
  return codeForStatus(status);
}

interface PostgrestErrorLike {
  message: string;
  code?: string | null;
  details?: string | null;
  hint?: string | null;
}

function isPostgrestErrorLike(value: unknown): value is PostgrestErrorLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    'code' in value
  );
}

/** Maps an error of PostgREST (with the response status) to an `ApiError`. */
export function fromPostgrestError(
  error: PostgrestErrorLike,
  status: number | undefined,
): ApiError {
  const upstreamCode = error.code ?? '';
  // supabase-js reports a failed fetch as status 0 with an empty code.
  const code = upstreamCode ? codeForUpstream(upstreamCode, status) : codeForStatus(status);
  const details =
    error.details || error.hint
      ? { details: error.details ?? null, hint: error.hint ?? null }
      : undefined;
  return new ApiError(code, error.message || 'Request failed', {
    ...(status ? { status } : {}),
    ...(details ? { details } : {}),
    ...(upstreamCode ? { upstreamCode } : {}),
    cause: error,
  });
}

async function readFunctionError(
  response: Response,
): Promise<{ message?: string; code?: string; body?: unknown }> {
  try {
    const text = await response.clone().text();
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null) {
        const record = body as Record<string, unknown>;
        const message = [record.message, record.error, record.msg].find(
          (v) => typeof v === 'string',
        );
        const code = [record.code, record.error_code].find((v) => typeof v === 'string');
        return { body, ...(message ? { message } : {}), ...(code ? { code } : {}) };
      }
      return { body };
    } catch {
      return text ? { message: text.slice(0, 500) } : {};
    }
  } catch {
    return {};
  }
}

/** Maps whatever a call produced (thrown or returned) to an `ApiError`. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const status = response.status;
    const body = await readFunctionError(response);
    return new ApiError(
      codeForStatus(status),
      body.message ?? `Function failed with status ${status}`,
      {
        status,
        ...(body.body !== undefined ? { details: body.body } : {}),
        ...(body.code ? { upstreamCode: body.code } : {}),
        cause: error,
      },
    );
  }
  if (error instanceof FunctionsRelayError) {
    return new ApiError('unavailable', error.message, { cause: error });
  }
  if (error instanceof FunctionsFetchError) {
    return new ApiError('network', error.message, { cause: error });
  }
  if (isAuthError(error)) {
    // A missing session is "not signed in"; otherwise the status decides (0: no answer at all).
    const code =
      error.name === 'AuthSessionMissingError' || typeof error.status !== 'number'
        ? 'unauthorized'
        : codeForStatus(error.status);
    return new ApiError(code, error.message, {
      ...(error.status ? { status: error.status } : {}),
      ...(error.code ? { upstreamCode: error.code } : {}),
      cause: error,
    });
  }
  if (isPostgrestErrorLike(error)) {
    return fromPostgrestError(error, undefined);
  }
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) {
    // fetch() rejects with a TypeError when the network fails ('fetch failed', 'Failed to fetch', …).
    return new ApiError('network', error.message, { cause: error });
  }
  const message = error instanceof Error ? error.message : 'Unexpected error';
  return new ApiError('unknown', message, { cause: error });
}
