import { describe, expect, it } from 'vitest';
import { bearerToken, isIdempotencyKey, isUuid } from './identifiers.ts';

describe('isUuid', () => {
  it.each([
    ['00000000-0000-0000-0000-000000000000', true],
    ['5F0C7E5A-9B1D-4C43-8E2A-0B7A6F1D2C3E', true],
    ['5f0c7e5a9b1d4c438e2a0b7a6f1d2c3e', false],
    ['5f0c7e5a-9b1d-4c43-8e2a-0b7a6f1d2c3', false],
    [' 5f0c7e5a-9b1d-4c43-8e2a-0b7a6f1d2c3e', false],
    ['5f0c7e5a-9b1d-4c43-8e2a-0b7a6f1d2c3g', false],
    [42, false],
    [null, false],
  ])('%s → %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});

describe('bearerToken', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer abc', 'abc'],
    ['BEARER \t abc ', 'abc'],
    ['Basic abc', null],
    ['Bearer', null],
    ['Bearer a b', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (header, expected) => {
    expect(bearerToken(header)).toBe(expected);
  });
});

describe('isIdempotencyKey', () => {
  it.each([
    ['5f0c7e5a-9b1d-4c43-8e2a-0b7a6f1d2c3e', true],
    ['cart:checkout_0001', true],
    ['k'.repeat(16), true],
    ['k'.repeat(128), true],
    ['k'.repeat(15), false],
    ['k'.repeat(129), false],
    ['a key with spaces', false],
    ["key-'; drop table orders; --", false],
    ['ключ-ключ-ключ-ключ', false],
    [42, false],
    [undefined, false],
  ])('%s → %s', (value, expected) => {
    expect(isIdempotencyKey(value)).toBe(expected);
  });
});
