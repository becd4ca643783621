import { isAuthApiError } from '@supabase/supabase-js';
import { PASSWORD_MESSAGES, validatePassword } from '@verdant/validation';

/** What `changePassword` takes. */
export interface ChangePasswordInput {
  /** The password the user signs in with now; checked by signing in with it again. */
  currentPassword: string;
  /** The new password; it must meet every rule of `validatePassword`. */
  newPassword: string;
  /**
   * A 6-digit code from the authenticator app. Needed only when the account has two-step
   * verification and this session has not passed it (a session at aal1): the auth server changes
   * the password of such an account only in a session that has (aal2).
   */
  code?: string;
}

/** The field of a password change a refusal is about. */
export type PasswordChangeField = 'currentPassword' | 'newPassword' | 'code';

/** Why a password change was refused; each reason belongs to one field. */
export type PasswordChangeReason =
  | 'current_password_required'
  | 'wrong_current_password'
  | 'weak_password'
  | 'password_too_long'
  | 'same_password'
  | 'code_required'
  | 'wrong_code';

const REFUSALS: Record<PasswordChangeReason, { field: PasswordChangeField; message: string }> = {
  current_password_required: {
    field: 'currentPassword',
    message: 'Enter your current password',
  },
  wrong_current_password: {
    field: 'currentPassword',
    message: 'That is not your current password',
  },
  weak_password: { field: 'newPassword', message: 'The new password is too weak' },
  password_too_long: { field: 'newPassword', message: PASSWORD_MESSAGES.tooLong },
  same_password: {
    field: 'newPassword',
    message: 'Choose a new password that differs from your current one',
  },
  code_required: {
    field: 'code',
    message: 'Enter the 6-digit code from your authenticator app',
  },
  wrong_code: {
    field: 'code',
    message: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  },
};

/**
 * A password change refused for a reason the user can fix in one field (`field`), with the
 * message to show there. Nothing was changed. Other failures (no connection, too many attempts)
 * are thrown as they are.
 */
export class PasswordChangeError extends Error {
  override readonly name = 'PasswordChangeError';
  readonly field: PasswordChangeField;
  constructor(
    readonly reason: PasswordChangeReason,
    message: string = REFUSALS[reason].message,
  ) {
    super(message);
    this.field = REFUSALS[reason].field;
  }
}

/** Whether `error` is a {@link PasswordChangeError}. */
export function isPasswordChangeError(error: unknown): error is PasswordChangeError {
  return error instanceof PasswordChangeError;
}

/** The message of a failure that leaves the user to sign in again before a change. */
export const PASSWORD_CHANGE_NEEDS_NEW_SIGN_IN =
  'For your security, log out and log in again, then change your password.';

/** Thrown by `changePassword` without a signed-in session (signed out, or in demo mode). */
export const PASSWORD_CHANGE_NOT_SIGNED_IN = 'Log in to change your password.';

/** Checks the input before any request; throws a {@link PasswordChangeError} on the first problem. */
export function checkPasswordChange(input: ChangePasswordInput): void {
  if (input.currentPassword === '') throw new PasswordChangeError('current_password_required');
  const rules = validatePassword(input.newPassword);
  if (!rules.valid) throw new PasswordChangeError('weak_password', rules.errors.join(' '));
  if (input.newPassword === input.currentPassword) throw new PasswordChangeError('same_password');
}

/** Whether the auth server refused a sign-in for a wrong email or password. */
export function isWrongPassword(error: unknown): boolean {
  return isAuthApiError(error) && error.code === 'invalid_credentials';
}

/** Whether the auth server refused an authenticator code. */
export function isWrongCode(error: unknown): boolean {
  return isAuthApiError(error) && error.code === 'mfa_verification_failed';
}

/** The auth server's refusal of `PUT /user` with a new password, as the user can act on it. */
export function passwordUpdateError(error: Error): Error {
  if (!isAuthApiError(error)) return error;
  switch (error.code) {
    case 'weak_password':
      return new PasswordChangeError('weak_password', error.message);
    case 'same_password':
      return new PasswordChangeError('same_password');
    // A 400 to a request that carries only the password: supabase/auth refuses one of more than
    // 72 UTF-8 bytes this way (bcrypt reads no further), worded in characters for developers.
    case 'validation_failed':
      return new PasswordChangeError('password_too_long');
    case 'insufficient_aal':
      return new PasswordChangeError('code_required');
    case 'reauthentication_needed':
    case 'reauthentication_not_valid':
      return new Error(PASSWORD_CHANGE_NEEDS_NEW_SIGN_IN);
    default:
      return error;
  }
}
