import { isAuthApiError } from '@supabase/supabase-js';
import {
  ROLE_CHANGE_MESSAGES,
  isUsername,
  validateEmail,
  validatePassword,
} from '@verdant/validation';
import type { Role } from './types.ts';
import { DEFAULT_ROLE } from './user.ts';

/** Thrown by `login` when the provider answers without a user or a session (spec §5, §8). */
export const AUTH_FAILED_MESSAGE = 'Authentication failed - no user or session returned';

/** Roles a visitor may choose at sign-up; admin is only ever granted by an administrator. */
export const SIGN_UP_ROLES = ['affiliate', 'merchant'] as const satisfies readonly Role[];
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

export interface RegisterInput {
  email: string;
  password: string;
  name: string;
  /** Defaults to affiliate. */
  role?: SignUpRole;
  /**
   * The username of the creator whose invitation link the visitor came through (`?ref=`). Sent
   * in lower case, without surrounding spaces; one that is not a well-formed username is dropped
   * (never an error): the database records it only when such a profile exists.
   */
  invitedBy?: string | null;
}

/** The sign-up metadata sent to the auth server (the new-user trigger reads it). */
export interface SignUpMetadata {
  name: string;
  role: SignUpRole;
  /** The inviter's username, only when the input named a well-formed one. */
  invited_by?: string;
}

/** The inviter's username as sent: trimmed, in lower case, and only when well-formed. */
export function invitedByUsername(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim().toLowerCase();
  return isUsername(name) ? name : undefined;
}

/** Rejected sign-up input, with the validators' messages. */
export class AuthValidationError extends Error {
  override readonly name = 'AuthValidationError';
  constructor(readonly errors: string[]) {
    super(errors.join(' '));
  }
}

/**
 * Checks sign-up input with `@verdant/validation` and returns the metadata to send (name, role,
 * default affiliate, and the inviter's username when well-formed); throws an
 * {@link AuthValidationError} listing every problem.
 */
export function signUpMetadata(input: RegisterInput): SignUpMetadata {
  const role = input.role ?? DEFAULT_ROLE;
  const errors: string[] = [];
  const email = validateEmail(input.email);
  if (!email.valid) errors.push(email.error ?? 'Invalid email address');
  errors.push(...validatePassword(input.password).errors);
  if (!(SIGN_UP_ROLES as readonly string[]).includes(role)) {
    errors.push(ROLE_CHANGE_MESSAGES.invalidRole);
  }
  if (errors.length > 0) throw new AuthValidationError(errors);
  const invitedBy = invitedByUsername(input.invitedBy);
  return invitedBy ? { name: input.name, role, invited_by: invitedBy } : { name: input.name, role };
}

/**
 * The auth server's refusal of a sign-up, as the form tells it. `validation_failed` (400) is about
 * what was typed (an address its format check refuses, a password over its 72-byte limit), so it
 * becomes an {@link AuthValidationError} with the server's message, like the validators' own
 * refusals; anything else (an address already taken, too many requests) is returned as it is.
 */
export function signUpError(error: Error): Error {
  if (isAuthApiError(error) && error.code === 'validation_failed')
    return new AuthValidationError([error.message]);
  return error;
}
