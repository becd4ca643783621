/**
 * Errors in the shapes supabase/auth answers with:
 * - `AuthError`: `{ code: <status>, error_code, msg }`, or `{ code: <error_code>, message }` when the
 *   request asks for API version 2024-01-01 or later (`X-Supabase-Api-Version`).
 * - `OAuthError`: `{ error, error_description }` (a few OAuth-style answers of `/token`).
 */
/**
 * Every error code this service answers with: a subset of supabase/auth's `ErrorCode` list, so
 * that supabase-js's `isAuthError(e) && e.code === …` checks behave as on hosted.
 */
export const ERROR_CODES = [
  'anonymous_provider_disabled',
  'bad_code_verifier',
  'bad_json',
  'bad_jwt',
  'conflict',
  'email_address_invalid',
  'email_exists',
  'email_not_confirmed',
  'email_provider_disabled',
  'flow_state_expired',
  'flow_state_not_found',
  'identity_not_found',
  'insufficient_aal',
  'invalid_credentials',
  'method_not_allowed',
  'mfa_challenge_expired',
  'mfa_factor_name_conflict',
  'mfa_factor_not_found',
  'mfa_ip_address_mismatch',
  'mfa_phone_enroll_not_enabled',
  'mfa_phone_verify_not_enabled',
  'mfa_verification_failed',
  'mfa_verified_factor_exists',
  'mfa_webauthn_enroll_not_enabled',
  'no_authorization',
  'not_admin',
  'not_found',
  'otp_disabled',
  'otp_expired',
  'over_email_send_rate_limit',
  'over_request_rate_limit',
  'phone_not_confirmed',
  'passkey_disabled',
  'phone_provider_disabled',
  'provider_disabled',
  'reauthentication_needed',
  'reauthentication_not_valid',
  'request_entity_too_large',
  'refresh_token_already_used',
  'refresh_token_not_found',
  'same_password',
  'saml_provider_disabled',
  'session_expired',
  'session_not_found',
  'signup_disabled',
  'single_identity_not_deletable',
  'sso_provider_not_found',
  'too_many_enrolled_mfa_factors',
  'unexpected_failure',
  'user_already_exists',
  'user_banned',
  'user_not_found',
  'validation_failed',
  'weak_password',
  'web3_provider_disabled',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class AuthError extends Error {
  /** For 429: when to try again (sent as `Retry-After`). */
  retryAfterSeconds?: number;

  constructor(
    readonly status: number,
    readonly errorCode: ErrorCode,
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

export const badRequest = (code: ErrorCode, message: string) => new AuthError(400, code, message);
export const unauthorized = (code: ErrorCode, message: string) => new AuthError(401, code, message);
export const forbidden = (code: ErrorCode, message: string) => new AuthError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: ErrorCode, message: string) =>
  new AuthError(422, code, message);
export const tooManyRequests = (code: ErrorCode, message: string) =>
  new AuthError(429, code, message);

export const validationFailed = (message: string) => badRequest('validation_failed', message);

export function weakPassword(reasons: string[], message: string): AuthError {
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons } });
}
