import { describe, expect, it } from 'vitest';
import { validateEmail } from './email.ts';

const label63 = 'a'.repeat(63);
// 64 + 1 + 189 = 254 characters: the longest address accepted.
const longest = `${'l'.repeat(64)}@${label63}.${label63}.${'c'.repeat(57)}.com`;

const REQUIRED = 'Email is required';
const LENGTH = 'Email must be between 5 and 254 characters';
const FORBIDDEN = `Email must not contain < > " ' or &`;
const DOTS = 'Email must not contain consecutive dots';
const INVALID = 'Please enter a valid email address';

describe('validateEmail', () => {
  it.each([
    'user@example.com',
    'first.last+tag@mail.example.co.uk',
    'a@b.co',
    'USER_name-1@Example-Domain.org',
    'o!#$%*/=?^_`{|}~-x@example.com',
    'user@xn--bcher-kva.example',
    'user@sub.xn--p1ai',
    longest,
  ])('accepts %s', (value) => {
    expect(validateEmail(value)).toEqual({ valid: true });
  });

  it('accepts exactly 254 characters and rejects 255', () => {
    expect(longest).toHaveLength(254);
    expect(validateEmail(longest).valid).toBe(true);
    expect(validateEmail(`l${longest}`)).toEqual({ valid: false, error: LENGTH });
  });

  it.each([
    ['', REQUIRED],
    ['a@b', LENGTH],
    ['a@bc', LENGTH],
    ['a<b', LENGTH], // length is checked before the characters
    ['user<x@example.com', FORBIDDEN],
    ['user>x@example.com', FORBIDDEN],
    ['"user"@example.com', FORBIDDEN],
    ["o'brien@example.com", FORBIDDEN],
    ['tom&jerry@example.com', FORBIDDEN],
    ['john..doe@example.com', DOTS],
    ['john@example..com', DOTS],
    ['plainaddress', INVALID],
    ['@example.com', INVALID],
    ['user@', INVALID],
    ['user@example', INVALID],
    ['user@@example.com', INVALID],
    ['user name@example.com', INVALID],
    [' user@example.com', INVALID],
    ['user@example.com ', INVALID],
    ['.user@example.com', INVALID],
    ['user.@example.com', INVALID],
    ['user@-example.com', INVALID],
    ['user@example-.com', INVALID],
    ['user@.example.com', INVALID],
    ['user@example.c', INVALID],
    ['user@example.123', INVALID],
    ['user@[127.0.0.1]', INVALID],
    ['ü@example.com', INVALID],
    [`${'l'.repeat(65)}@example.com`, INVALID],
    [`user@${'a'.repeat(64)}.com`, INVALID],
  ])('rejects %j with %j', (value, error) => {
    expect(validateEmail(value)).toEqual({ valid: false, error });
  });

  it('treats a non-string as missing', () => {
    expect(validateEmail(undefined as unknown as string)).toEqual({
      valid: false,
      error: REQUIRED,
    });
  });
});
