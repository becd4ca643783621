import { describe, expect, it } from 'vitest';
import { LINK_DESTINATION_MESSAGES, validateLinkDestination } from './links.ts';

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
    ['https://', LINK_DESTINATION_MESSAGES.invalid],
    ['', LINK_DESTINATION_MESSAGES.required],
    [`https://example.com/${'a'.repeat(2100)}`, LINK_DESTINATION_MESSAGES.tooLong],
  ])('refuses %s', (value, error) => {
    expect(validateLinkDestination(value)).toEqual({ ok: false, error });
  });

  it('refuses non-strings', () => {
    expect(validateLinkDestination(42).ok).toBe(false);
    expect(validateLinkDestination(null).ok).toBe(false);
  });
});
