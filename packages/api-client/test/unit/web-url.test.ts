import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/index.ts';
import { optionalUrl, url } from '../../src/validate.ts';

function reason(value: unknown, allowSitePath = false): string {
  try {
    url('url', value, allowSitePath);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return ((error as ApiError).details as { reason: string }).reason;
  }
  throw new Error('expected a validation failure');
}

describe('url', () => {
  it('takes a web address as the URL parser writes it', () => {
    expect(url('url', 'https://Example.org/a?x=1')).toBe('https://example.org/a?x=1');
    expect(url('url', 'http://example.org')).toBe('http://example.org/');
  });

  it('takes an address typed without its scheme as https', () => {
    expect(url('url', 'www.example.com/shop')).toBe('https://www.example.com/shop');
  });

  it('refuses whitespace anywhere, hosts that are no host names and other schemes', () => {
    for (const value of [
      'https://ex ample.com',
      'https://example.org/a b',
      'https://exa%20mple.com',
      'javascript:alert(1)',
    ])
      expect(reason(value), value).toMatch(/^must/);
    expect(reason(42)).toMatch(/^must/);
  });

  it('says an address over the limit is too long', () => {
    expect(reason(`https://example.org/${'a'.repeat(2100)}`)).toMatch(/too long/);
  });

  it('takes site paths only where they are allowed', () => {
    expect(url('url', '/images/a.svg', true)).toBe('/images/a.svg');
    expect(reason('/images/a.svg')).toMatch(/^must/);
    expect(optionalUrl('url', '')).toBeNull();
  });
});
