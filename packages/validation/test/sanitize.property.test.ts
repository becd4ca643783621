import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { SANITIZE_MAX_LENGTH, sanitizeText, type SanitizeOptions } from '../src/index.ts';
import { XSS_PAYLOADS } from './xss-payloads.ts';

/** Pieces that exercise the parser, the entity decoder, the pattern rules and the truncation. */
// prettier-ignore
const FRAGMENTS = [
  '<', '>', '&', '/', '=', '"', "'", ':', ';', ' ', '\t', '\n', '\r', '\u00a0', '\u0000', '\u0001', '\u007f', '\u0085',
  '&amp;', '&lt;', '&gt;', '&#106;', '&#x6A;', '&#58;', '&colon;', '&#0;', '&#x9f;', '&nbsp;', '&lt', '&amp',
  'javascript:', 'JaVaScRiPt:', 'java', 'script', 'vbscript:', 'data:', 'ata:', 'on', 'onerror', 'OnClick', 'x=',
  '<script>', '</script>', '<SCRIPT', '<scr', 'ipt>', '<b>', '</b>', '<i>', '</i>', '<em>', '<strong>', '</strong>',
  '<p>', '</p>', '<br>', '</br>', '<br/>', '<span>', '</span>', '<div>', '<a href="', '<img src=x onerror=',
  '<svg>', '</svg>', '<math>', '<mtext>', '<foreignObject>', '<![CDATA[', ']]>', '<!--', '-->', '<!DOCTYPE html>',
  '<style>', '</style>', '<textarea>', '<title>', '<plaintext>', '<template>', '<noscript>', '<xmp>', '<iframe srcdoc="',
  '😀', '\ud83d', 'é', 'Ÿ',
];

const htmlish = fc
  .array(
    fc.oneof(
      fc.constantFrom(...FRAGMENTS),
      fc.string({ maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
    ),
    {
      maxLength: 40,
    },
  )
  .map((parts) => parts.join(''));

/** Fewer, structural pieces: nesting, removed elements between pattern halves, truncation points. */
// prettier-ignore
const STRUCTURE = [
  '<p>', '</p>', '<b>', '</b>', '<br>', '<span>', '</span>', '<div>', '<script>', '</script>', '<!---->',
  'java', 'script', 'dat', 'a', ':', 'on', '=', ' ', '&amp;', 'x',
];
const markup = fc
  .array(fc.constantFrom(...STRUCTURE), { maxLength: 30 })
  .map((parts) => parts.join(''));
/** Only nesting: kept, unwrapped and implicitly closed elements around a little text. */
const nesting = fc
  .array(fc.constantFrom('<p>', '</p>', '<b>', '</b>', '<span>', '</span>', '<br>', 'x', ' '), {
    maxLength: 20,
  })
  .map((parts) => parts.join(''));
const input = fc.oneof(htmlish, markup, nesting);

const options: fc.Arbitrary<SanitizeOptions | undefined> = fc.option(
  fc.record({
    allowBasicHtml: fc.boolean(),
    maxLength: fc.option(fc.oneof(fc.nat({ max: 60 }), fc.nat({ max: 2000 })), { nil: undefined }),
  }),
  { nil: undefined, freq: 4 },
);

const FORBIDDEN = [
  /<script/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /on\w+=/i,
  /[^\P{Cc}\t\n\r]/u, // control characters other than tab, newline and carriage return
];
const RUNS = { numRuns: 3000 };

describe('sanitizeText properties', () => {
  it('sanitising twice equals sanitising once', () => {
    fc.assert(
      fc.property(input, options, (input, opts) => {
        const once = sanitizeText(input, opts);
        expect(sanitizeText(once, opts)).toBe(once);
      }),
      { numRuns: 10_000 },
    );
  });

  it('is idempotent on arbitrary Unicode strings too', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), options, (input, opts) => {
        const once = sanitizeText(input, opts);
        expect(sanitizeText(once, opts)).toBe(once);
      }),
      RUNS,
    );
  });

  it('never returns more than maxLength characters', () => {
    fc.assert(
      fc.property(input, options, (input, opts) => {
        expect(sanitizeText(input, opts).length).toBeLessThanOrEqual(
          opts?.maxLength ?? SANITIZE_MAX_LENGTH,
        );
      }),
      RUNS,
    );
  });

  it('never contains <script, javascript:, vbscript:, data:, an on…= attribute (any case) or a control character', () => {
    fc.assert(
      fc.property(input, options, (input, opts) => {
        const output = sanitizeText(input, opts);
        for (const pattern of FORBIDDEN) expect(output).not.toMatch(pattern);
      }),
      RUNS,
    );
  });

  it('keeps no markup but the basic tags, without attributes', () => {
    fc.assert(
      fc.property(input, (input) => {
        const tags = sanitizeText(input, { allowBasicHtml: true }).match(/<[^>]*>/g) ?? [];
        for (const tag of tags) expect(tag).toMatch(/^<\/?(b|i|em|strong|p)>$|^<br>$/);
      }),
      RUNS,
    );
  });

  it('returns plain text that an HTML parser reads as exactly that text', () => {
    fc.assert(
      fc.property(input, (input) => {
        const output = sanitizeText(input);
        // What starts markup in HTML's tokenizer: "<" before a letter, "/", "!" or "?".
        expect(output).not.toMatch(/<[a-z/!?]/i);
        // Parsed as HTML it is just its own text.
        let text = '';
        let markup = 0;
        const parser = new Parser(
          {
            ontext: (data) => void (text += data),
            onopentag: () => void (markup += 1),
            oncomment: () => void (markup += 1),
            onprocessinginstruction: () => void (markup += 1),
          },
          { decodeEntities: true },
        );
        parser.end(output);
        expect({ text, markup }).toEqual({ text: output, markup: 0 });
      }),
      RUNS,
    );
  });

  it('returns plain text unescaped: "&", "<" and ">" that are text stay as they are', () => {
    const text = fc
      .stringMatching(/^[A-Za-z0-9 &<>]{0,60}$/)
      .filter((s) => !/<[a-z/!?]|&[a-z#]/i.test(s));
    fc.assert(
      fc.property(text, (input) => {
        expect(sanitizeText(input)).toBe(input.trim());
      }),
      RUNS,
    );
  });

  it('replaces patterns exactly like replacing them one by one until none is left', () => {
    const naive = (text: string): string => {
      for (;;) {
        const next = text
          .replace(/javascript:|vbscript:|data:/gi, 'blocked')
          .replace(/on\w+(?==)/gi, 'blocked');
        if (next === text) return text;
        text = next;
      }
    };
    const pieces = fc.constantFrom(
      'javascript:',
      'JavaScript',
      'vbscript',
      'data',
      'DATA:',
      'ata:',
      'at',
      'a',
      ':',
      'on',
      'On',
      'x',
      '_',
      '1',
      '=',
      ' ',
      '-',
    );
    const text = fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (input) => {
        expect(sanitizeText(input, { maxLength: Number.POSITIVE_INFINITY })).toBe(
          naive(input).trim(),
        );
      }),
      RUNS,
    );
  });

  it('returns text without markup characters trimmed and otherwise unchanged', () => {
    const plain = fc.stringMatching(/^[A-Za-z0-9 .,!?()\n-]{0,200}$/);
    fc.assert(
      fc.property(plain, fc.boolean(), (input, allowBasicHtml) => {
        expect(sanitizeText(input, { allowBasicHtml })).toBe(input.trim());
      }),
      RUNS,
    );
  });
});

describe('XSS corpus (text-level checks; the Chromium test runs the outputs)', () => {
  it.each(
    XSS_PAYLOADS.flatMap(({ id, html }) => [[id, false, html] as const, [id, true, html] as const]),
  )('%s (allowBasicHtml: %s)', (_id, allowBasicHtml, html) => {
    const output = sanitizeText(html, { allowBasicHtml });
    for (const pattern of FORBIDDEN) expect(output).not.toMatch(pattern);
    expect(sanitizeText(output, { allowBasicHtml })).toBe(output);
  });
});
