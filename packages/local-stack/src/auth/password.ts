import bcrypt from 'bcryptjs';
import { validateEmail, validatePassword } from '@verdant/validation';
import { validationFailed, weakPassword } from './errors.js';

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

/** Compares with a bcrypt hash (also those pgcrypto's `crypt(…, gen_salt('bf'))` writes). */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !hash.startsWith('$2')) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/** Throws 422 `weak_password` with the product's password rules as reasons. */
export function assertStrongPassword(password: string): void {
  const result = validatePassword(password);
  if (!result.valid) throw weakPassword(result.errors);
}

/** The reasons a password is weak, or null when it passes the product's rules. */
export function weakPasswordReasons(password: string): string[] | null {
  const result = validatePassword(password);
  return result.valid ? null : result.errors;
}

/** Lower-cased email after the product's email rules; throws 400 `validation_failed` otherwise. */
export function normaliseEmail(email: string): string {
  const trimmed = email.trim();
  const result = validateEmail(trimmed);
  if (!result.valid) {
    throw validationFailed(`Unable to validate email address: ${result.error ?? 'invalid format'}`);
  }
  return trimmed.toLowerCase();
}
