/**
 * Errors in the shapes supabase/auth answers with:
 * - `AuthError`: `{ code: <status>, error_code, msg }`, or `{ code: <error_code>, message }` when the
 *   request asks for API version 2024-01-01 or later (`X-Supabase-Api-Version`).
 * - `OAuthError`: `{ error, error_description }` (a few OAuth-style answers of `/token`).
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export class OAuthError extends Error {
  readonly status = 400;
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION_2024_01_01 = '2024-01-01';

/** The newest API version this service knows that is not after the requested one, or null. */
export function negotiateApiVersion(requested: string | null): string | null {
  if (!requested || !/^\d{4}-\d{2}-\d{2}$/.test(requested)) return null;
  const time = Date.parse(`${requested}T00:00:00Z`);
  if (Number.isNaN(time)) return null;
  return time >= Date.parse(`${API_VERSION_2024_01_01}T00:00:00Z`) ? API_VERSION_2024_01_01 : null;
}

export function errorBody(
  error: AuthError | OAuthError,
  apiVersion: string | null,
): Record<string, unknown> {
  if (error instanceof OAuthError) {
    return error.description
      ? { error: error.error, error_description: error.description }
      : { error: error.error };
  }
  if (apiVersion) return { code: error.errorCode, message: error.message, ...error.extra };
  return { code: error.status, error_code: error.errorCode, msg: error.message, ...error.extra };
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);

export const validationFailed = (message: string) => badRequest('validation_failed', message);

export function weakPassword(reasons: string[]): AuthError {
  return new AuthError(422, 'weak_password', reasons.join('; '), { weak_password: { reasons } });
}
