import { PASSWORD_MAX_SCORE, PASSWORD_MIN_LENGTH, PASSWORD_STRONG_LENGTH } from './constants.ts';

/** Password messages, exactly as the spec words them and in the spec's order (spec §5). */
export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  noUppercase: 'Password must contain at least one uppercase letter',
  noLowercase: 'Password must contain at least one lowercase letter',
  noNumber: 'Password must contain at least one number',
  noSpecial: 'Password must contain at least one special character',
  weakPattern: 'Password contains common weak patterns',
} as const;

/**
 * Strength buckets over the score (0–6):
 * - `weak`: 0–2
 * - `fair`: 3–4
 * - `good`: 5 — every valid password shorter than 12 characters
 * - `strong`: 6 — a valid password of 12 characters or more
 */
export type PasswordStrength = 'weak' | 'fair' | 'good' | 'strong';

export interface PasswordValidationResult {
  /** True only when `errors` is empty. */
  valid: boolean;
  /** Every rule broken, in the order of {@link PASSWORD_MESSAGES}. */
  errors: string[];
  /** 0 to {@link PASSWORD_MAX_SCORE}. */
  score: number;
  strength: PasswordStrength;
}

/** Score from which each bucket starts, strongest first. */
const STRENGTH_THRESHOLDS: ReadonlyArray<readonly [number, PasswordStrength]> = [
  [PASSWORD_MAX_SCORE, 'strong'],
  [5, 'good'],
  [3, 'fair'],
  [0, 'weak'],
];

const WEAK_PATTERN_PENALTY = 2;

const UPPERCASE = /\p{Lu}/u;
const LOWERCASE = /\p{Ll}/u;
const DIGIT = /\p{Nd}/u;
/** Anything that is not a letter, a digit or whitespace. */
const SPECIAL = /[^\p{L}\p{Nd}\s]/u;

const ALL_LETTERS = /^\p{L}+$/u;
const ALL_DIGITS = /^\p{Nd}+$/u;
/** The first character repeated at least four times at the start, e.g. "aaaa…" or "1111…". */
const REPEATED_START = /^(.)\1{3}/su;
const COMMON_WORDS = /123456|password|qwerty|admin/i;

/** True when the password matches one of the spec's common weak patterns. */
function hasWeakPattern(value: string): boolean {
  return (
    ALL_LETTERS.test(value) ||
    ALL_DIGITS.test(value) ||
    REPEATED_START.test(value) ||
    COMMON_WORDS.test(value)
  );
}

/** Maps a score to its {@link PasswordStrength} bucket. */
export function passwordStrength(score: number): PasswordStrength {
  for (const [from, strength] of STRENGTH_THRESHOLDS) if (score >= from) return strength;
  return 'weak';
}

/**
 * Validates a password against spec §5. Length counts characters (Unicode code points), so an
 * emoji counts once. Letters and digits are Unicode-aware; a special character is anything that
 * is not a letter, a digit or whitespace.
 */
export function validatePassword(value: string): PasswordValidationResult {
  const password = typeof value === 'string' ? value : '';
  const length = Array.from(password).length;
  const checks = {
    long: length >= PASSWORD_MIN_LENGTH,
    upper: UPPERCASE.test(password),
    lower: LOWERCASE.test(password),
    digit: DIGIT.test(password),
    special: SPECIAL.test(password),
    weak: hasWeakPattern(password),
  };

  const errors: string[] = [];
  if (!checks.long) errors.push(PASSWORD_MESSAGES.tooShort);
  if (!checks.upper) errors.push(PASSWORD_MESSAGES.noUppercase);
  if (!checks.lower) errors.push(PASSWORD_MESSAGES.noLowercase);
  if (!checks.digit) errors.push(PASSWORD_MESSAGES.noNumber);
  if (!checks.special) errors.push(PASSWORD_MESSAGES.noSpecial);
  if (checks.weak) errors.push(PASSWORD_MESSAGES.weakPattern);

  const points = [
    checks.long,
    length >= PASSWORD_STRONG_LENGTH,
    checks.upper,
    checks.lower,
    checks.digit,
    checks.special,
  ].filter(Boolean).length;
  const score = Math.max(0, points - (checks.weak ? WEAK_PATTERN_PENALTY : 0));

  return { valid: errors.length === 0, errors, score, strength: passwordStrength(score) };
}
