import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, bearerToken, isIdempotencyKey, isUuid, slugFrom } from './identifiers.ts';

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

describe('slugFrom', () => {
  it.each([
    ['Crème brûlée Café Picks', 'creme-brulee-cafe-picks'],
    ['Ñandú & Søren’s Zero-Waste Kit!', 'nandu-sorens-zero-waste-kit'],
    ['Straße Œuvre Łódź', 'strasse-oeuvre-lodz'],
    ['  --Spring   Picks--  ', 'spring-picks'],
    ['Ｆｕｌｌ ｗｉｄｔｈ', 'full-width'],
  ])('%j → %j', (title, slug) => {
    expect(slugFrom(title)).toBe(slug);
    expect(SLUG_PATTERN.test(slug)).toBe(true);
  });

  it('cuts at the limit without leaving a hyphen at the end', () => {
    const slug = slugFrom('abcd efgh ijkl', 5);
    expect(slug).toBe('abcd');
    expect(slugFrom('a'.repeat(100))).toHaveLength(64);
  });

  it('gives an empty slug for a title without letters or digits', () => {
    expect(slugFrom('—!?')).toBe('');
  });
});
