import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/index.ts';
import { containsPattern, searchTerm } from '../../src/validate.ts';

function refusal(value: unknown): ApiError {
  try {
    searchTerm('search', value);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a validation failure');
}

describe('searchTerm', () => {
  it('turns control characters and the wildcard into spaces and trims, keeping what can be matched', () => {
    expect(searchTerm('search', ' soap),id.eq.(x\u0000 ')).toBe('soap),id.eq.(x');
    expect(searchTerm('search', 'a*b%c"d\\e_f')).toBe('a b%c"d\\e_f');
  });

  it('matches what was typed, markup included: a term is never stored or shown as HTML', () => {
    expect(searchTerm('search', '<b>soap</b>')).toBe('<b>soap</b>');
  });

  it('gives an empty term (no filter) for blank input', () => {
    expect(searchTerm('search', '')).toBe('');
    expect(searchTerm('search', ' \t ')).toBe('');
  });

  it('refuses more than 100 characters and anything but text', () => {
    expect(searchTerm('search', `  ${'x'.repeat(100)}  `)).toHaveLength(100);
    expect(refusal('x'.repeat(101))).toMatchObject({
      code: 'validation_failed',
      details: { field: 'search', reason: 'must be at most 100 characters' },
    });
    expect(refusal(42).details).toEqual({ field: 'search', reason: 'must be text' });
  });
});

describe('containsPattern', () => {
  it('quotes the term for a PostgREST filter, so commas and brackets are text', () => {
    expect(containsPattern('Set (4), large')).toBe('"*Set (4), large*"');
    expect(containsPattern('soap),id.eq.(x')).toBe('"*soap),id.eq.(x*"');
  });

  it("escapes LIKE's wildcards and its escape, then the quotes' own", () => {
    // % and _ match themselves (\% and \_ inside the quotes, where \ stands for one backslash).
    expect(containsPattern('50%')).toBe('"*50\\\\%*"');
    expect(containsPattern('a_b')).toBe('"*a\\\\_b*"');
    // A backslash is LIKE-escaped (\\), and each of those backslashes quote-escaped.
    expect(containsPattern('a\\b')).toBe('"*a\\\\\\\\b*"');
    expect(containsPattern('say "hi"')).toBe('"*say \\"hi\\"*"');
  });
});
