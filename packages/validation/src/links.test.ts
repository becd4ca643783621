import { describe, expect, it } from 'vitest';
import { LINK_DESTINATION_MESSAGES, newLinkCode, validateLinkDestination } from './links.ts';

describe('validateLinkDestination', () => {
  it.each([
    'https://shop.example.com/p/1?utm=x',
    'http://example.org',
    '/shop',
    '/s/green-store?ref=1',
  ])('accepts %s', (value) => {
    expect(validateLinkDestination(value)).toEqual({ ok: true, destination: value });
  });

  it.each([
    ['javascript:alert(1)', LINK_DESTINATION_MESSAGES.scheme],
    ['JaVaScRiPt:alert(1)', LINK_DESTINATION_MESSAGES.scheme],
    ['data:text/html,<b>x</b>', LINK_DESTINATION_MESSAGES.scheme],
    ['data:text/html;base64,PHNjcmlwdD4=', LINK_DESTINATION_MESSAGES.scheme],
    ['mailto:a@example.com', LINK_DESTINATION_MESSAGES.scheme],
    ['ftp://example.com/file', LINK_DESTINATION_MESSAGES.scheme],
    ['//evil.example.com', LINK_DESTINATION_MESSAGES.scheme],
    ['/\\evil.example.com', LINK_DESTINATION_MESSAGES.invalid],
    ['https://user:pass@example.com/', LINK_DESTINATION_MESSAGES.credentials],
    ['https://user@example.com/', LINK_DESTINATION_MESSAGES.credentials],
    ['https://exa mple.com', LINK_DESTINATION_MESSAGES.invalid],
    // What Chromium's URL parser makes of a space in the host, and other hosts that are no names.
    ['https://exa%20mple.com', LINK_DESTINATION_MESSAGES.invalid],
    ['https://a..b.com', LINK_DESTINATION_MESSAGES.invalid],
    ['https://-shop.example.com/', LINK_DESTINATION_MESSAGES.invalid],
    ['https://example', LINK_DESTINATION_MESSAGES.invalid],
    ['https://', LINK_DESTINATION_MESSAGES.invalid],
    ['', LINK_DESTINATION_MESSAGES.required],
    [`https://example.com/${'a'.repeat(2100)}`, LINK_DESTINATION_MESSAGES.tooLong],
  ])('refuses %s', (value, error) => {
    expect(validateLinkDestination(value)).toEqual({ ok: false, error });
  });

  it('says a destination over the limit is too long, naming the limit', () => {
    expect(LINK_DESTINATION_MESSAGES.tooLong).toBe(
      'The destination URL is too long (at most 2048 characters)',
    );
  });

  it('refuses non-strings', () => {
    expect(validateLinkDestination(42).ok).toBe(false);
    expect(validateLinkDestination(null).ok).toBe(false);
  });
});

describe('newLinkCode', () => {
  const CODE = /^[a-z0-9-]{4,32}$/;

  it('slugs the label in whole words and adds six random characters', () => {
    // "bamboo-toothbrush" is 17 characters: the second word does not fit whole, so it is left out.
    expect(newLinkCode('Bamboo Toothbrush Set (4)', new Uint8Array([1, 2, 35, 255]))).toBe(
      'bamboo-01020z',
    );
    expect(newLinkCode('Glass Spray Bottle', new Uint8Array([1, 2, 3, 4]))).toBe(
      'glass-spray-010203',
    );
    expect(newLinkCode('Evergreen Homes, Garden', new Uint8Array([9, 9, 9, 9]))).toBe(
      'evergreen-homes-090909',
    );
  });

  it('cuts only a first word longer than the slug, and falls back to "link"', () => {
    expect(newLinkCode('!!!', new Uint8Array([0, 0, 0, 0]))).toBe('link-000000');
    expect(newLinkCode('Supercalifragilistic soap', new Uint8Array([0, 0, 0, 0]))).toBe(
      'supercalifragili-000000',
    );
  });

  it('always fits the tracked-link code rule, with fresh randomness each time', () => {
    const codes = new Set(
      ['Refillable Dish Soap, 1 L', 'é', 'x'.repeat(200), ''].flatMap((label) =>
        Array.from({ length: 25 }, () => newLinkCode(label)),
      ),
    );
    for (const code of codes) expect(code).toMatch(CODE);
    expect(codes.size).toBeGreaterThan(90);
  });
});
