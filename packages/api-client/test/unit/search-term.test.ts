import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/index.ts';
import { searchTerm } from '../../src/validate.ts';

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
  it('turns the filter syntax and control characters into spaces and trims', () => {
    expect(searchTerm('search', ' soap),id.eq.(x\u0000 ')).toBe('soap  id.eq. x');
    expect(searchTerm('search', 'a*b%c"d\\e')).toBe('a b c d e');
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
