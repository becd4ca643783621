import { errorCode } from '../lib/error-message.ts';

/**
 * The error codes supabase/auth answers a sign-up with (HTTP 422) when the address already has an
 * account: `user_already_exists` from /signup, `email_exists` where an address is taken elsewhere.
 */
const EMAIL_TAKEN_CODES: ReadonlySet<string> = new Set(['user_already_exists', 'email_exists']);

/**
 * Whether a sign-up failed because the email already has an account. Read from the auth error's
 * code (supabase-js copies the server's `error_code` to `code`), not from its English message.
 */
export function isEmailTaken(error: unknown): boolean {
  return EMAIL_TAKEN_CODES.has(errorCode(error) ?? '');
}
