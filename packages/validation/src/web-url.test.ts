import { describe, expect, it } from 'vitest';
import { WEB_URL_MAX_LENGTH, WEB_URL_REASONS, isWebHostname, validateWebUrl } from './web-url.ts';

describe('validateWebUrl', () => {
  it.each([
    ['https://shop.example.com/p/1?utm=x', 'https://shop.example.com/p/1?utm=x'],
    ['http://example.org', 'http://example.org/'],
    ['  https://Example.COM/Path  ', 'https://example.com/Path'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['https://example.com/a b'.replace(' ', '%20'), 'https://example.com/a%20b'],
    ['https://example.com./', 'https://example.com./'],
    ['http://localhost:3000/x', 'http://localhost:3000/x'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080/'],
    ['http://[::1]/', 'http://[::1]/'],
    ['https://my-shop.co.uk/ünïcode', 'https://my-shop.co.uk/%C3%BCn%C3%AFcode'],
  ])('accepts %j as %j', (value, url) => {
    expect(validateWebUrl(value)).toEqual({ ok: true, url });
  });

  it.each([
    'https://ex ample.com',
    'https://example.com/a b',
    'https://ex\tample.com',
    'https://example.com/\nx',
    'https://ex\u00a0ample.com',
    'https://ex\u2028ample.com',
    'https://ex\u3000ample.com',
    'https://ex\u0001ample.com',
    'https://example.com/\u007f',
    'https://example.com/\u0085',
    'https://ex\u200bample.com', // a zero-width space, which the URL parser would drop
    'https://ex\u00adample.com', // a soft hyphen, likewise
    'https://example.com/\u202ecod.exe', // a right-to-left override
    'https://\ufeffexample.com',
  ])('refuses whitespace, control and invisible characters anywhere: %j', (value) => {
    expect(validateWebUrl(value)).toEqual({ ok: false, reason: WEB_URL_REASONS.whitespace });
    expect(validateWebUrl(value, { allowSitePath: true }).ok).toBe(false);
  });

  it.each([
    'https://ex%20ample.com', // what Chromium makes of "https://ex ample.com"
    'https://a..b.com',
    'https://-shop.example.com',
    'https://shop-.example.com',
    'https://exa_mple.com',
    'https://example',
    `https://${'a'.repeat(64)}.com`,
    `https://${'abcdefghi.'.repeat(26)}com`,
  ])('refuses %j: its host is not a host name', (value) => {
    expect(validateWebUrl(value)).toEqual({ ok: false, reason: WEB_URL_REASONS.host });
  });

  it('suggests https:// for an address typed without it', () => {
    for (const typed of ['www.example.com', 'example.com/p/1?x=2', 'shop.example.co.uk:8080'])
      expect(validateWebUrl(typed)).toEqual({
        ok: false,
        reason: `must start with https:// (https://${typed})`,
        suggestion: `https://${typed}`,
      });
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'mailto:a@example.com',
    'ftp://example.com/file',
    'example',
    '',
    '//example.com',
  ])('refuses %j as not an http(s) address', (value) => {
    expect(validateWebUrl(value)).toEqual({ ok: false, reason: WEB_URL_REASONS.scheme });
  });

  it('says an address over the limit is too long, naming the limit', () => {
    const long = `https://example.com/${'a'.repeat(WEB_URL_MAX_LENGTH)}`;
    expect(validateWebUrl(long)).toEqual({ ok: false, reason: WEB_URL_REASONS.tooLong });
    expect(WEB_URL_REASONS.tooLong).toBe('is too long (at most 2048 characters)');
    expect(validateWebUrl(`/${'a'.repeat(WEB_URL_MAX_LENGTH)}`, { allowSitePath: true })).toEqual({
      ok: false,
      reason: WEB_URL_REASONS.tooLong,
    });
    // Within the limit as typed, over it once the URL parser has percent-encoded it.
    const encoded = `https://example.com/${'é'.repeat(1000)}`;
    expect(encoded.length).toBeLessThan(WEB_URL_MAX_LENGTH);
    expect(validateWebUrl(encoded)).toEqual({ ok: false, reason: WEB_URL_REASONS.tooLong });
    const fits = `https://example.com/${'a'.repeat(WEB_URL_MAX_LENGTH - 20)}`;
    expect(fits.length).toBe(WEB_URL_MAX_LENGTH);
    expect(validateWebUrl(fits)).toEqual({ ok: true, url: fits });
  });

  it('takes a path on the site only when asked to, and never //host or a backslash', () => {
    expect(validateWebUrl('/images/a.svg', { allowSitePath: true })).toEqual({
      ok: true,
      url: '/images/a.svg',
    });
    expect(validateWebUrl('/images/a.svg').ok).toBe(false);
    expect(validateWebUrl('//evil.example.com', { allowSitePath: true })).toEqual({
      ok: false,
      reason: WEB_URL_REASONS.scheme,
    });
    expect(validateWebUrl('/\\evil.example.com', { allowSitePath: true })).toEqual({
      ok: false,
      reason: WEB_URL_REASONS.invalid,
    });
    expect(validateWebUrl('/a b', { allowSitePath: true })).toEqual({
      ok: false,
      reason: WEB_URL_REASONS.whitespace,
    });
  });

  it('refuses non-strings', () => {
    expect(validateWebUrl(42).ok).toBe(false);
    expect(validateWebUrl(null).ok).toBe(false);
  });
});

describe('isWebHostname', () => {
  it.each([
    'example.com',
    'a.b.c.example',
    'xn--bcher-kva.example',
    '1.2.3.4',
    'localhost',
    '[::1]',
  ])('%s is a host name', (host) => expect(isWebHostname(host)).toBe(true));

  it.each(['ex%20ample.com', 'example', '', '.', 'a..b', '-a.com', 'a_b.com', '[zz]'])(
    '%j is not',
    (host) => expect(isWebHostname(host)).toBe(false),
  );
});
