import { describe, expect, it } from 'vitest';
import { SANITIZE_MAX_DEPTH } from './constants.ts';
import { sanitizeText } from './sanitize.ts';

const basic = { allowBasicHtml: true };

describe('sanitizeText', () => {
  describe('trimming', () => {
    it.each([
      ['  hello  ', 'hello'],
      ['\n\thello\r\n', 'hello'],
      ['&#32;&nbsp;hello&#x20;', 'hello'],
      ['<span> </span> hello <i> </i>', 'hello'],
      ['\u0001 hello \u0002', 'hello'],
      ['', ''],
      ['   ', ''],
    ])('%j → %j', (input, output) => {
      expect(sanitizeText(input)).toBe(output);
    });
  });

  describe('stripping all HTML (default)', () => {
    it.each([
      ['<b>bold</b> and <i>italic</i>', 'bold and italic'],
      ['<p>one</p><p>two</p>', 'onetwo'],
      ['a<br>b', 'ab'],
      ['<div class="x"><span>nested <em>text</em></span></div>', 'nested text'],
      ['<script>alert(1)</script>after', 'after'],
      ['<style>body{}</style>after', 'after'],
      ['<template><p>hidden</p></template>after', 'after'],
      ['<iframe>frame</iframe><noscript>ns</noscript><noembed>ne</noembed>after', 'after'],
      ['<textarea>typed</textarea>', 'typed'],
      ['before<!-- comment -->after', 'beforeafter'],
      ['<!DOCTYPE html><html><body>body</body></html>', 'body'],
      ['<img src=x alt="picture">', ''],
      ['<b>unclosed', 'unclosed'],
      // Plain text is returned as text: React (or textContent) escapes it when it renders.
      ['Tom & Jerry', 'Tom & Jerry'],
      ['1 < 2 && 3 > 2', '1 < 2 && 3 > 2'],
      ['caf&eacute; &amp; cr&egrave;me', 'café & crème'],
      // Decoded text that reads as markup is sanitised as markup: the result is inert as HTML.
      ['&lt;b&gt;shown as text&lt;/b&gt;', 'shown as text'],
      ['&lt;script&gt;alert(1)&lt;/script&gt;after', 'after'],
      ['quotes " and \' stay', 'quotes " and \' stay'],
      // Removing an element never leaves text that parses as a tag.
      ['<<b>script>alert(1)<</b>/script>', ''],
      ['<<i>img src=x onerror=alert(1)>', ''],
      // A tag opener at the very end would start markup before whatever follows it.
      ['a</', 'a/'],
      ['&lt;/', '/'],
      ['a<', 'a<'],
    ])('%j → %j', (input, output) => {
      expect(sanitizeText(input)).toBe(output);
    });
  });

  describe('allowBasicHtml', () => {
    it.each([
      [
        '<b>b</b><i>i</i><em>em</em><strong>strong</strong><p>p</p>x<br>y',
        '<b>b</b><i>i</i><em>em</em><strong>strong</strong><p>p</p>x<br>y',
      ],
      ['<B>upper</B><P>case</P>', '<b>upper</b><p>case</p>'],
      ['<b class="x" onclick="alert(1)" style="color:red">attrs</b>', '<b>attrs</b>'],
      ['<p id=a title="t">para</p>', '<p>para</p>'],
      ['<br/>x<br />y</br>', '<br>x<br>y<br>'],
      ['<u>u</u> <span>s</span> <a href="https://example.com">link</a> <h1>h</h1>', 'u s link h'],
      ['<b>unclosed', '<b>unclosed</b>'],
      ['<b><i>misnested</b></i>', '<b><i>misnested</i></b>'],
      ['<p>one<p>two', '<p>one</p><p>two</p>'],
      ['<p>outer <span><p>inner</p></span> end</p>', '<p>outer inner end</p>'],
      ['</p>', '<p></p>'],
      ['<script><b>not kept</b></script><b>kept</b>', '<b>kept</b>'],
      ['<svg><b>in svg</b></svg>', '<b>in svg</b>'],
      ['a < b & <b>c</b>', 'a &lt; b &amp; <b>c</b>'],
    ])('%j → %j', (input, output) => {
      expect(sanitizeText(input, basic)).toBe(output);
    });
  });

  describe('scriptable schemes and event handlers become "blocked"', () => {
    it.each([
      ['javascript:alert(1)', 'blockedalert(1)'],
      ['JaVaScRiPt:alert(1)', 'blockedalert(1)'],
      ['VBScript:msgbox', 'blockedmsgbox'],
      ['DATA:text/html;base64,xyz', 'blockedtext/html;base64,xyz'],
      ['&#106;avascript&colon;alert(1)', 'blockedalert(1)'],
      ['java&#x09;script:x', 'java\tscript:x'], // not a scheme in text: the tab stays
      ['java<span>script</span>:x', 'blockedx'], // split by a removed tag
      ['java<script>x</script>script:y', 'blockedy'],
      ['java\u0000script:x', 'blockedx'], // joined once the control character is gone
      ['javascript:ata:', 'blockeblocked'], // a replacement completing another scheme
      ['onclick=alert(1)', 'blocked=alert(1)'],
      ['ONERROR=x', 'blocked=x'],
      ['onmouseover = x', 'onmouseover = x'], // only a name directly followed by "=" (text, never an attribute)
      ['onjavascript:x=1', 'blocked=1'], // a scheme replacement completing an event name
      ['bonus=5', 'bblocked=5'], // any "on…=" is rewritten, even inside a word
      ['x=onclick=y', 'x=blocked=y'],
      ['a_onb1=c', 'a_blocked=c'],
      ['&lt;img src=x onerror=alert(1)&gt;', ''],
      ['online now', 'online now'],
      ['one = two', 'one = two'],
    ])('%j → %j', (input, output) => {
      expect(sanitizeText(input)).toBe(output);
    });

    it('applies inside kept tags too', () => {
      expect(sanitizeText('<b>javascript:x</b><p>onclick=y</p>', basic)).toBe(
        '<b>blockedx</b><p>blocked=y</p>',
      );
    });
  });

  describe('control characters', () => {
    it('removes C0 and C1 controls and DEL but keeps tab, newline and carriage return', () => {
      expect(sanitizeText('a\u0000b\u0007c\u001bd\u007fe\u0085f\u009fg')).toBe('abcdefg');
      expect(sanitizeText('line 1\r\nline 2\n\tindented')).toBe('line 1\r\nline 2\n\tindented');
    });

    it('removes controls that entities decode to', () => {
      expect(sanitizeText('a&#1;b&#x7f;cd')).toBe('abcd');
      // As in browsers, references to 0x80–0x9F decode to their Windows-1252 characters.
      expect(sanitizeText('&#x9f;')).toBe('Ÿ');
    });
  });

  describe('truncation', () => {
    it('defaults to 1000 characters', () => {
      expect(sanitizeText('x'.repeat(1500))).toHaveLength(1000);
      expect(sanitizeText('x'.repeat(1000))).toHaveLength(1000);
    });

    it.each<[string, { allowBasicHtml?: boolean; maxLength: number }, string]>([
      ['hello world', { maxLength: 5 }, 'hello'],
      ['hello world', { maxLength: 6 }, 'hello'], // the cut leaves a trailing space, trimmed
      ['hello', { maxLength: 0 }, ''],
      ['a &amp; b', { allowBasicHtml: true, maxLength: 7 }, 'a &amp;'],
      ['a &amp; b', { allowBasicHtml: true, maxLength: 6 }, 'a'], // never half an escape
      ['&lt;&lt;&lt;', { allowBasicHtml: true, maxLength: 9 }, '&lt;&lt;'],
      ['a & b', { maxLength: 3 }, 'a &'], // plain text has no escapes to keep whole
      ['ab😀cd', { maxLength: 3 }, 'ab'], // never half a surrogate pair
      ['ab😀cd', { maxLength: 4 }, 'ab😀'],
      ['<b>hello world</b> more', { allowBasicHtml: true, maxLength: 12 }, '<b>hello</b>'],
      ['<b>hello</b>', { allowBasicHtml: true, maxLength: 6 }, ''], // the tags do not fit
      ['<b>hello</b>', { allowBasicHtml: true, maxLength: 7 }, '<b></b>'],
      ['<p><b>x</b>yz</p>', { allowBasicHtml: true, maxLength: 16 }, '<p><b>x</b>y</p>'],
      ['<p><b>x</b>yz</p>', { allowBasicHtml: true, maxLength: 15 }, '<p><b>x</b></p>'],
      ['x<br>y', { allowBasicHtml: true, maxLength: 5 }, 'x<br>'],
      ['x<br>y', { allowBasicHtml: true, maxLength: 4 }, 'x'],
      ['hello', { maxLength: 3.9 }, 'hel'],
      ['hello', { maxLength: Number.POSITIVE_INFINITY }, 'hello'],
    ])('%j with %j → %j', (input, options, output) => {
      expect(sanitizeText(input, options)).toBe(output);
    });

    it('rejects a negative or NaN maxLength', () => {
      expect(() => sanitizeText('x', { maxLength: -1 })).toThrow(RangeError);
      expect(() => sanitizeText('x', { maxLength: Number.NaN })).toThrow(
        'maxLength must be a number of 0 or more',
      );
    });
  });

  it('treats a non-string as empty', () => {
    expect(sanitizeText(undefined as unknown as string)).toBe('');
    expect(sanitizeText(null as unknown as string, basic)).toBe('');
  });

  describe('nesting depth', () => {
    it(`keeps up to ${SANITIZE_MAX_DEPTH} open elements and ends the input at the next one`, () => {
      expect(sanitizeText(`${'<span>'.repeat(SANITIZE_MAX_DEPTH)}x`)).toBe('x');
      expect(sanitizeText(`before ${'<span>'.repeat(SANITIZE_MAX_DEPTH + 1)}x`)).toBe('before');
      expect(sanitizeText(`${'<span></span>'.repeat(10_000)}x`)).toBe('x'); // depth, not count
    });

    it('keeps the output of deep basic markup stable', () => {
      const options = { allowBasicHtml: true, maxLength: Number.POSITIVE_INFINITY };
      const output = sanitizeText(`${'<b>'.repeat(300)}x${'</b>'.repeat(300)}`, options);
      expect(output).toBe(
        `${'<b>'.repeat(SANITIZE_MAX_DEPTH)}${'</b>'.repeat(SANITIZE_MAX_DEPTH)}`,
      );
      expect(sanitizeText(output, options)).toBe(output);
    });
  });

  it('gives the same result wherever the input is split into parser chunks', () => {
    const options = { allowBasicHtml: true, maxLength: Number.POSITIVE_INFINITY };
    for (const piece of [
      '&amp;',
      '<b>y</b>',
      '&#106;avascript:',
      '<!-- c -->',
      '<script>z</script>',
      '😀',
      'onx=',
    ]) {
      const expected = sanitizeText(`${piece}tail`, options);
      for (let pad = 8185; pad < 8195; pad += 1) {
        expect(sanitizeText(`${'x'.repeat(pad)} ${piece}tail`, options)).toBe(
          `${'x'.repeat(pad)} ${expected}`,
        );
      }
    }
  });

  // Inputs that make naive parsers and patterns take quadratic time; no timing is asserted here
  // (see bench/), these check that such inputs give the right result.
  describe('adversarial inputs', () => {
    it.each<[string, string, string]>([
      ['deep unclosed markup', `${'<b>'.repeat(100_000)}x${'</x>'.repeat(100_000)}`, ''],
      [
        'a long chain of schemes',
        `javascript:${'ata:'.repeat(50_000)}`,
        'blocke'.repeat(166) + 'bloc',
      ],
      ['many "on" without "="', 'on'.repeat(100_000), 'on'.repeat(500)],
      ['a long word before "="', `on${'x'.repeat(100_000)}=`, 'blocked='],
      ['a long text', 'x'.repeat(1_000_000), 'x'.repeat(1000)],
      ['many entities', '&amp;'.repeat(100_000), '&'.repeat(1000)],
      ['many ampersands', '&'.repeat(100_000), '&'.repeat(1000)],
      // "<" + "x" joined by removing <b> reads as one long tag, which goes too.
      ['many removed joins', '<<b>x'.repeat(10_000), ''],
    ])('%s', (_name, input, output) => {
      expect(sanitizeText(input)).toBe(output);
    });
  });
});
