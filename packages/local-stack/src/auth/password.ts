import bcrypt from 'bcryptjs';
import type { PasswordRequirements } from '../config.ts';
import { validationFailed, weakPassword } from './errors.ts';
import type { PasswordPolicy } from './settings.ts';

/**
 * The longest password, in UTF-8 bytes: bcrypt reads only the first 72 bytes of its input, so a
 * longer password would be stored cut short and match any text that begins with the same 72
 * bytes. supabase/auth refuses longer passwords for the same reason (`MaxPasswordLength`).
 */
export const PASSWORD_MAX_BYTES = 72;

function tooLong(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES;
}

/** Hashes with bcrypt; a password bcrypt would cut short is a programming error here. */
export function hashPassword(password: string, cost: number): Promise<string> {
  // Every caller checks the policy first, which refuses such a password with a 400.
  if (tooLong(password)) throw new RangeError('password longer than bcrypt reads');
  return bcrypt.hash(password, cost);
}

/**
 * Compares with a bcrypt hash (also those pgcrypto's `crypt(…, gen_salt('bf'))` writes). A
 * password longer than bcrypt reads never matches: it was never accepted as a password, and
 * comparing it would let its first 72 bytes alone sign in.
 */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !hash.startsWith('$2') || tooLong(password)) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** The character sets each `password_requirements` value demands one character of, as hosted has them. */
export const REQUIRED_CHARACTERS: Record<PasswordRequirements, readonly string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

/** GoTrue's reason codes for a refused password. */
export type WeakPasswordReason = 'length' | 'characters' | 'pwned';

export interface WeakPasswordResult {
  reasons: WeakPasswordReason[];
  message: string;
}

/**
 * The hosted password policy (`minimum_password_length`, `password_requirements`): null when
 * the password passes, else GoTrue's reason codes and messages. The length counts UTF-8 bytes,
 * as supabase/auth does. (`pwned` needs the HaveIBeenPwned service, which hosted offers on paid
 * plans only and which is not configured here.)
 */
export function checkPasswordPolicy(
  password: string,
  policy: PasswordPolicy,
): WeakPasswordResult | null {
  const reasons: WeakPasswordReason[] = [];
  const messages: string[] = [];
  if (Buffer.byteLength(password, 'utf8') < policy.minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${policy.minLength} characters.`);
  }
  const sets = REQUIRED_CHARACTERS[policy.requirements];
  if (sets.some((set) => ![...password].some((character) => set.includes(character)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length === 0 ? null : { reasons, message: messages.join(' ') };
}

/**
 * Throws 400 `validation_failed` for a password longer than bcrypt reads (checked first, with
 * supabase/auth's message), else 422 `weak_password` with GoTrue's reasons when the password
 * breaks the policy. Every endpoint that sets a password calls this before anything else.
 */
export function assertPasswordPolicy(password: string, policy: PasswordPolicy): void {
  if (tooLong(password)) {
    // supabase/auth counts bytes but words the limit in characters; its message is kept.
    throw validationFailed(`Password cannot be longer than ${PASSWORD_MAX_BYTES} characters`);
  }
  const weak = checkPasswordPolicy(password, policy);
  if (weak) throw weakPassword(weak.reasons, weak.message);
}

/**
 * GoTrue's email format check: a local part of the characters RFC 5322 allows unquoted, an
 * `@`, and a host name of dot-separated labels.
 */
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Lower-cased email after GoTrue's checks; throws 400 `validation_failed` with its messages. */
export function normaliseEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed === '') throw validationFailed('An email address is required');
  if (trimmed.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_FORMAT.test(trimmed)) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  return trimmed.toLowerCase();
}
