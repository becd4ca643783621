/** A UUID in its canonical 8-4-4-4-12 hexadecimal form (any version, either case). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** URL slugs: lower-case letters, digits and single hyphens, 3–64 characters. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,63}$/;

/** Whether `value` is a UUID string (as Postgres's `uuid` type and the auth API accept). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * Idempotency keys (the `Idempotency-Key` of a checkout request): 16 to 128 letters, digits, `_`,
 * `:` or `-`, so a UUID fits. The database checks the same rule on `orders.checkout_key`.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_:-]{16,128}$/;
/** What an idempotency key may be, for error messages. */
export const IDEMPOTENCY_KEY_RULE = '16 to 128 letters, digits, "_", ":" or "-"';

/** Whether `value` is an idempotency key. */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value);
}

const BEARER = /^bearer[ \t]+([^\s]+)$/i;

/**
 * The token of an `Authorization: Bearer <token>` header value, or null when the header is
 * absent or has another scheme. The scheme is matched case-insensitively (RFC 9110 §11.1).
 */
export function bearerToken(authorization: string | null | undefined): string | null {
  if (typeof authorization !== 'string') return null;
  return BEARER.exec(authorization.trim())?.[1] ?? null;
}
