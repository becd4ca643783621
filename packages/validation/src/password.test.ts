import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_BYTES } from './constants.ts';
import {
  PASSWORD_LIMITS,
  PASSWORD_MESSAGES,
  PASSWORD_RULES,
  passwordStrength,
  validatePassword,
} from './password.ts';

const SHORT = 'Password must be at least 8 characters long';
const LONG =
  'Password must be at most 72 characters long ' +
  '(letters with accents and emoji count as more than one)';
const UPPER = 'Password must contain at least one uppercase letter';
const LOWER = 'Password must contain at least one lowercase letter';
const NUMBER = 'Password must contain at least one number';
const SPECIAL = 'Password must contain at least one special character';
const WEAK = 'Password contains common weak patterns';

describe('validatePassword', () => {
  it.each([
    // value, errors (in the spec's order), score, strength
    ['', [SHORT, UPPER, LOWER, NUMBER, SPECIAL], 0, 'weak'],
    ['abc', [SHORT, UPPER, NUMBER, SPECIAL, WEAK], 0, 'weak'],
    ['Ab1!', [SHORT], 4, 'fair'],
    ['Abcdefg1!', [], 5, 'good'],
    ['Abcdefghij1!', [], 6, 'strong'],
    ['Ab1!Ab1!Ab1!', [], 6, 'strong'],
    ['abcdefgh1!', [UPPER], 4, 'fair'],
    ['ABCDEFGH1!', [LOWER], 4, 'fair'],
    ['Abcdefgh!', [NUMBER], 4, 'fair'],
    ['Abcdefgh1', [SPECIAL], 4, 'fair'],
    ['Abcdefg1 ', [SPECIAL], 4, 'fair'], // whitespace is not a special character
    // weak patterns: all letters, all digits, first character repeated 4+ times, common words
    ['abcdefgh', [UPPER, NUMBER, SPECIAL, WEAK], 0, 'weak'],
    ['Abcdefghijklmnop', [NUMBER, SPECIAL, WEAK], 2, 'weak'],
    ['Ärgerlich', [NUMBER, SPECIAL, WEAK], 1, 'weak'],
    ['12345678', [UPPER, LOWER, SPECIAL, WEAK], 0, 'weak'],
    ['98765432', [UPPER, LOWER, SPECIAL, WEAK], 0, 'weak'],
    ['aaaaBcd1!', [WEAK], 3, 'fair'],
    ['1111Abc!', [WEAK], 3, 'fair'],
    ['aaaBcde1!', [], 5, 'good'], // three repeats are fine
    ['Bcaaaa1!x', [], 5, 'good'], // repeats not at the start are fine
    ['Xy!123456z', [WEAK], 3, 'fair'],
    ['MyPassword1!', [WEAK], 4, 'fair'],
    ['myPASSWORD1!', [WEAK], 4, 'fair'],
    ['xQwErTy1!Z', [WEAK], 3, 'fair'],
    ['Admin#2024z', [WEAK], 3, 'fair'],
    ['sysADMIN#24', [WEAK], 3, 'fair'],
    // Unicode letters and digits; length counts characters, not UTF-16 units
    ['Ñandú-2024x', [], 5, 'good'],
    ['Ab1!😀😀😀😀', [], 5, 'good'],
    ['Ab1!😀😀😀', [SHORT], 4, 'fair'],
    // at most 72 UTF-8 bytes, as the auth server counts: ASCII 1, é 2, € 3, an emoji 4
    [`Ab1!${'x'.repeat(68)}`, [], 6, 'strong'],
    [`Ab1!${'x'.repeat(69)}`, [LONG], 6, 'strong'],
    [`Ab1!${'é'.repeat(34)}`, [], 6, 'strong'],
    [`Ab1!${'é'.repeat(35)}`, [LONG], 6, 'strong'],
    [`Ab1!${'€'.repeat(22)}x`, [], 6, 'strong'],
    [`Ab1!${'€'.repeat(23)}`, [LONG], 6, 'strong'],
    [`Ab1!${'😀'.repeat(17)}`, [], 6, 'strong'],
    [`Ab1!${'😀'.repeat(18)}`, [LONG], 6, 'strong'],
    ['a'.repeat(80), [UPPER, NUMBER, SPECIAL, WEAK, LONG], 1, 'weak'],
  ] as const)('%j → %j, score %i (%s)', (value, errors, score, strength) => {
    expect(validatePassword(value)).toEqual({
      valid: errors.length === 0,
      errors,
      score,
      strength,
    });
  });

  it('never scores below zero', () => {
    expect(validatePassword('a').score).toBe(0);
    expect(validatePassword('aaaa').score).toBe(0);
  });

  it('treats a non-string as empty', () => {
    expect(validatePassword(null as unknown as string).errors).toEqual([
      SHORT,
      UPPER,
      LOWER,
      NUMBER,
      SPECIAL,
    ]);
  });
});

describe('passwordStrength', () => {
  it.each([
    [0, 'weak'],
    [1, 'weak'],
    [2, 'weak'],
    [3, 'fair'],
    [4, 'fair'],
    [5, 'good'],
    [6, 'strong'],
  ] as const)('score %i is %s', (score, strength) => {
    expect(passwordStrength(score)).toBe(strength);
  });
});

describe('PASSWORD_RULES', () => {
  const SAMPLES = [
    '',
    'abc',
    'Ab1!',
    'Abcdefg1!',
    'abcdefgh',
    '12345678',
    'aaaaBcd1!',
    'Password1!',
    'Qwerty#2026',
    'Xy!123456z',
    'Admin#2024z',
    'Ñandú-2024x',
    'Abcdefg1 ',
    'Ab1!😀😀😀',
    `Ab1!${'x'.repeat(69)}`,
    `Ab1!${'é'.repeat(35)}`,
    `Ab1!${'😀'.repeat(18)}`,
  ];

  const ALL = [...PASSWORD_RULES, ...PASSWORD_LIMITS];

  it('with PASSWORD_LIMITS, lists every rule validatePassword applies, once each, in the order of PASSWORD_MESSAGES', () => {
    expect(ALL.map((rule) => rule.id)).toEqual(Object.keys(PASSWORD_MESSAGES));
    expect(ALL.map((rule) => rule.message)).toEqual(Object.values(PASSWORD_MESSAGES));
  });

  it.each(SAMPLES)(
    '%j: the rules it breaks are exactly the errors validatePassword reports',
    (value) => {
      const broken = ALL.filter((rule) => !rule.test(value)).map((rule) => rule.message);
      expect(validatePassword(value).errors).toEqual(broken);
    },
  );

  it('says what a password needs, naming the limits it checks', () => {
    expect(PASSWORD_RULES.map((rule) => rule.requirement)).toEqual([
      'At least 8 characters',
      'An uppercase letter',
      'A lowercase letter',
      'A number',
      'A special character such as ! or # (a space does not count)',
      'No common patterns: not only letters or only numbers, not the same character 4 times at ' +
        'the start, and without “password”, “123456”, “qwerty” or “admin”',
    ]);
  });

  it.each([
    'Password1!',
    'my123456#X',
    'Qwerty#2026',
    'sysAdmin#24',
    'zzzzYx1!',
    'Abcdefgh',
    '123456789',
  ])('%j breaks the common-patterns rule', (value) => {
    const weak = PASSWORD_RULES.find((rule) => rule.id === 'weakPattern');
    expect(weak?.test(value)).toBe(false);
  });

  it('keeps the maximum, which a page states only when it is broken, out of the listed rules', () => {
    expect(
      PASSWORD_LIMITS.map(({ id, requirement, message }) => ({ id, requirement, message })),
    ).toEqual([
      {
        id: 'tooLong',
        requirement: 'At most 72 characters (fewer with accents or emoji)',
        message: LONG,
      },
    ]);
  });

  it('counts the maximum in UTF-8 bytes, as the auth server does (a lone surrogate is sent as U+FFFD)', () => {
    const tooLong = PASSWORD_LIMITS.find((rule) => rule.id === 'tooLong');
    const bytes = (value: string) => new TextEncoder().encode(value).length;
    for (const value of [
      'x'.repeat(72),
      'x'.repeat(73),
      `${'x'.repeat(69)}\ud800`,
      `${'x'.repeat(70)}\ud800`,
      `${'ß'.repeat(36)}`,
      `${'ß'.repeat(35)}xx`,
      `${'ß'.repeat(35)}xxx`,
      `${'👩‍🌾'.repeat(6)}`, // 11 bytes each, with the zero-width joiner
      `${'👩‍🌾'.repeat(7)}`,
    ])
      expect(tooLong?.test(value), value).toBe(bytes(value) <= PASSWORD_MAX_BYTES);
  });

  it('"Password1!" meets every other rule and fails only on the common word it contains', () => {
    expect(validatePassword('Password1!').errors).toEqual([WEAK]);
    expect(validatePassword('Pass-word1!').errors).toEqual([]);
  });
});
