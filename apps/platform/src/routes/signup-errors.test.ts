import { describe, expect, it } from 'vitest';
import { isEmailTaken } from './signup-errors.ts';

/** An error shaped as supabase-js's AuthApiError. */
function authError(status: number, code: string | undefined, message: string) {
  return Object.assign(new Error(message), { name: 'AuthApiError', status, code });
}

describe('isEmailTaken', () => {
  it.each([
    ['user_already_exists', 'User already registered'],
    ['email_exists', 'A user with this email address has already been registered'],
  ])('recognises the provider code %s', (code, message) => {
    expect(isEmailTaken(authError(422, code, message))).toBe(true);
  });

  it('reads the code, not the English message', () => {
    expect(isEmailTaken(authError(422, undefined, 'User already registered'))).toBe(false);
    expect(isEmailTaken(authError(422, 'weak_password', 'User already registered'))).toBe(false);
    expect(isEmailTaken(authError(422, 'user_already_exists', 'Ein Konto existiert bereits'))).toBe(
      true,
    );
  });

  it.each([null, undefined, 'user_already_exists', 422, new Error('Network down')])(
    'is false for %j',
    (value) => {
      expect(isEmailTaken(value)).toBe(false);
    },
  );
});
