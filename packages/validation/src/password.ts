import {
  PASSWORD_MAX_BYTES,
  PASSWORD_MAX_SCORE,
  PASSWORD_MIN_LENGTH,
  PASSWORD_STRONG_LENGTH,
} from './constants.ts';

/**
 * Password messages, exactly as the spec words them and in the spec's order (spec §5), then the
 * auth server's maximum: the spec sets none, but a password the server refuses must not pass here.
 */
export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  noUppercase: 'Password must contain at least one uppercase letter',
  noLowercase: 'Password must contain at least one lowercase letter',
  noNumber: 'Password must contain at least one number',
  noSpecial: 'Password must contain at least one special character',
  weakPattern: 'Password contains common weak patterns',
  tooLong:
    `Password must be at most ${PASSWORD_MAX_BYTES} characters long ` +
    '(letters with accents and emoji count as more than one)',
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
/** How often the first character may not repeat at the start ("aaaa…", "1111…"). */
const REPEATED_START_RUN = 4;
const REPEATED_START = new RegExp(`^(.)\\1{${REPEATED_START_RUN - 1}}`, 'su');
/** Words no password may contain, in any case. */
const COMMON_WORDS = ['password', '123456', 'qwerty', 'admin'] as const;
const COMMON_WORD = new RegExp(COMMON_WORDS.join('|'), 'i');

/**
 * The password's length in UTF-8 bytes, as the auth server counts it: one byte for ASCII, two for
 * most letters with accents, three for other characters of the basic plane (a lone surrogate is
 * sent as U+FFFD, also three), four for emoji and the rest.
 */
function utf8Length(value: string): number {
  let bytes = 0;
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** True when the password matches one of the spec's common weak patterns. */
function hasWeakPattern(value: string): boolean {
  return (
    ALL_LETTERS.test(value) ||
    ALL_DIGITS.test(value) ||
    REPEATED_START.test(value) ||
    COMMON_WORD.test(value)
  );
}

/** Which rule a {@link PasswordRule} is: the key of its message in {@link PASSWORD_MESSAGES}. */
export type PasswordRuleId = keyof typeof PASSWORD_MESSAGES;

/** One rule `validatePassword` applies. */
export interface PasswordRule {
  readonly id: PasswordRuleId;
  /**
   * What a password needs, in words for a hint or a checklist next to the field (e.g. "At least 8
   * characters"); it names every pattern the rule refuses, so a page can state the whole rule.
   */
  readonly requirement: string;
  /** What `validatePassword` reports when the rule is broken (from {@link PASSWORD_MESSAGES}). */
  readonly message: string;
  /** True when `password` meets the rule. */
  readonly test: (password: string) => boolean;
}

/** `["a", "b", "c"]` → `“a”, “b” or “c”`. */
function quoted(words: readonly string[]): string {
  const list = words.map((word) => `“${word}”`);
  return list.length < 2
    ? list.join('')
    : `${list.slice(0, -1).join(', ')} or ${list.at(-1) ?? ''}`;
}

/**
 * The rules a page states next to a new password (or ticks off as the visitor types), in the
 * order of {@link PASSWORD_MESSAGES}. `validatePassword` applies exactly these and
 * {@link PASSWORD_LIMITS}.
 */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'tooShort',
    requirement: `At least ${PASSWORD_MIN_LENGTH} characters`,
    message: PASSWORD_MESSAGES.tooShort,
    test: (password) => Array.from(password).length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'noUppercase',
    requirement: 'An uppercase letter',
    message: PASSWORD_MESSAGES.noUppercase,
    test: (password) => UPPERCASE.test(password),
  },
  {
    id: 'noLowercase',
    requirement: 'A lowercase letter',
    message: PASSWORD_MESSAGES.noLowercase,
    test: (password) => LOWERCASE.test(password),
  },
  {
    id: 'noNumber',
    requirement: 'A number',
    message: PASSWORD_MESSAGES.noNumber,
    test: (password) => DIGIT.test(password),
  },
  {
    id: 'noSpecial',
    requirement: 'A special character such as ! or # (a space does not count)',
    message: PASSWORD_MESSAGES.noSpecial,
    test: (password) => SPECIAL.test(password),
  },
  {
    id: 'weakPattern',
    requirement:
      `No common patterns: not only letters or only numbers, not the same character ` +
      `${REPEATED_START_RUN} times at the start, and without ${quoted(COMMON_WORDS)}`,
    message: PASSWORD_MESSAGES.weakPattern,
    test: (password) => !hasWeakPattern(password),
  },
];

/**
 * The rules `validatePassword` applies after {@link PASSWORD_RULES} that a page states only while
 * a password breaks them: limits almost nobody comes near, which would lengthen the list for
 * everybody. Today the auth server's maximum of 72 UTF-8 bytes.
 */
export const PASSWORD_LIMITS: readonly PasswordRule[] = [
  {
    id: 'tooLong',
    // Said in characters, as people count; the bytes are why accents and emoji count for more.
    requirement: `At most ${PASSWORD_MAX_BYTES} characters (fewer with accents or emoji)`,
    message: PASSWORD_MESSAGES.tooLong,
    test: (password) => utf8Length(password) <= PASSWORD_MAX_BYTES,
  },
];

/** Every rule `validatePassword` applies, in the order of {@link PASSWORD_MESSAGES}. */
const ALL_RULES: readonly PasswordRule[] = [...PASSWORD_RULES, ...PASSWORD_LIMITS];

/** Maps a score to its {@link PasswordStrength} bucket. */
export function passwordStrength(score: number): PasswordStrength {
  for (const [from, strength] of STRENGTH_THRESHOLDS) if (score >= from) return strength;
  return 'weak';
}

/**
 * Validates a password against spec §5. The minimum length counts characters (Unicode code
 * points), so an emoji counts once; the maximum counts UTF-8 bytes, as the auth server does. Letters and digits are Unicode-aware; a special character is anything that
 * is not a letter, a digit or whitespace.
 */
export function validatePassword(value: string): PasswordValidationResult {
  const password = typeof value === 'string' ? value : '';
  const length = Array.from(password).length;
  const met = new Set(ALL_RULES.filter((rule) => rule.test(password)).map((rule) => rule.id));
  const errors = ALL_RULES.filter((rule) => !met.has(rule.id)).map((rule) => rule.message);
  const weak = !met.has('weakPattern');

  const points = [
    met.has('tooShort'),
    length >= PASSWORD_STRONG_LENGTH,
    met.has('noUppercase'),
    met.has('noLowercase'),
    met.has('noNumber'),
    met.has('noSpecial'),
  ].filter(Boolean).length;
  const score = Math.max(0, points - (weak ? WEAK_PATTERN_PENALTY : 0));

  return { valid: errors.length === 0, errors, score, strength: passwordStrength(score) };
}
