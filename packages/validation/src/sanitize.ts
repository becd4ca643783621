import { Parser } from 'htmlparser2';
import { SANITIZE_MAX_DEPTH, SANITIZE_MAX_LENGTH } from './constants.ts';

export interface SanitizeOptions {
  /** Keep `b`, `i`, `em`, `strong`, `p` and `br` (without attributes). Default false: no markup at all. */
  allowBasicHtml?: boolean;
  /** Maximum length of the returned string. Default {@link SANITIZE_MAX_LENGTH}. */
  maxLength?: number;
}

/** The only elements `allowBasicHtml` keeps. */
export const BASIC_HTML_TAGS = ['b', 'i', 'em', 'strong', 'p', 'br'] as const;

type BasicTag = (typeof BASIC_HTML_TAGS)[number];

/** The sanitised fragment as a flat, well-nested token list. Text is decoded (not escaped). */
type Token =
  | { kind: 'text'; text: string }
  | { kind: 'open'; tag: BasicTag }
  | { kind: 'close'; tag: BasicTag }
  | { kind: 'br' };

/** Elements whose content is code or an embedded document, never text for a reader. */
const CONTENT_DROPPED = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
]);

/** Control characters (Unicode Cc) other than tab, line feed and carriage return. */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\r]/gu;
/**
 * A scriptable scheme and any "ata:" right after it: the "d" that ends "blocked" turns such an
 * "ata:" into "data:", which is blocked in turn ("javascript:ata:" → "blockeblocked"). Matching the
 * chain at once gives the fixed point in one linear pass.
 */
const SCRIPTABLE_SCHEMES = /(?:javascript|vbscript|data):((?:ata:)*)/gi;
/**
 * A whole run of word characters directly followed by "=": the places an event-handler name can
 * end. Starting only where a run starts keeps the search linear.
 */
const WORDS_BEFORE_EQUALS = /\b\w+=/g;
const BLOCKED = 'blocked';
/** The input reaches the parser in chunks so that it can stop early. */
const CHUNK_LENGTH = 8192;
/** Only text holding these can parse as something else than itself. */
const MARKUP_CHARACTERS = /[<&]/;
/** What starts markup in HTML's tokenizer: "<" before a letter, "/", "!" or "?". */
const MARKUP_START = /<[a-z/!?]/i;
const MARKUP_STARTS = /<(?=[a-z/!?])/gi;
/** Re-sanitising a plain-text result settles within a pass or two; this bounds the pathological rest. */
const PLAIN_TEXT_PASSES = 4;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ESCAPED = /[&<>]/g;

/**
 * Sanitises user text (spec §5). Two modes, for the two ways text is shown:
 *
 * - Plain text (default): the result is text, not HTML: nothing is escaped, so "Tom & Jerry"
 *   stays "Tom & Jerry", and it is meant to be rendered as text (React escapes it; `textContent`).
 *   The input is parsed as HTML: elements are removed (their text kept, except the content of
 *   script, style, template, iframe, noembed, noframes and noscript) and character references
 *   decoded. The result is also inert as HTML: parsing it again gives the same text and no
 *   element, so even a misplaced `innerHTML` cannot turn it into markup.
 * - `allowBasicHtml`: an HTML fragment that is safe as element content (`innerHTML`, or stored
 *   and later rendered as HTML). The input is parsed as HTML with htmlparser2 (entities decoded);
 *   `b`, `i`, `em`, `strong`, `p` and `br` stay, without attributes (a `p` inside a `p` is
 *   unwrapped), every other element is removed as above, and text is escaped (`&`, `<`, `>`).
 *   Not for attribute values, URLs, `<script>`/`<style>` content or other non-text contexts.
 *
 * In both modes control characters other than tab, newline and carriage return are removed,
 * `javascript:`, `vbscript:`, `data:` and event-handler names (`onclick=`, any case) become
 * `blocked`, the result is trimmed and cut to `maxLength` characters (never inside an escape or a
 * surrogate pair; markup stays well-formed).
 *
 * The function is idempotent: `sanitizeText(sanitizeText(x, o), o) === sanitizeText(x, o)`.
 */
export function sanitizeText(value: string, options: SanitizeOptions = {}): string {
  const maxLength = resolveMaxLength(options.maxLength);
  const input = typeof value === 'string' ? value : '';
  if (options.allowBasicHtml === true) {
    return serialize(trim(cleanText(tokenize(input, true))), maxLength).trimEnd();
  }
  // Decoded text can read as markup again ("&lt;b&gt;" → "<b>"), and removing an element can
  // join two texts into a tag ("<" + "x"): such a result is sanitised again until it is inert,
  // that is, parsing it as HTML gives back the same text and no element.
  let text = plainText(input, maxLength);
  for (let pass = 0; pass < PLAIN_TEXT_PASSES && MARKUP_CHARACTERS.test(text); pass += 1) {
    const again = plainText(text, maxLength);
    if (again === text) break;
    text = again;
  }
  // A tag opener left at the very end ("a</") parses as text on its own, but would start markup
  // in front of whatever follows it: its "<" goes.
  if (MARKUP_START.test(text)) text = plainText(text.replace(MARKUP_STARTS, ''), maxLength);
  return MARKUP_CHARACTERS.test(text) &&
    (MARKUP_START.test(text) || plainText(text, maxLength) !== text)
    ? plainText(text.replace(/[<&]/g, ''), maxLength)
    : text;
}

/** One plain-text pass: the text of the input's parse, cleaned, trimmed and cut. */
function plainText(input: string, maxLength: number): string {
  let text = '';
  for (const token of trim(cleanText(tokenize(input, false)))) {
    if (token.kind === 'text') text += token.text;
  }
  return cutText(text, maxLength, identity).trimEnd();
}

function resolveMaxLength(maxLength: number | undefined): number {
  if (maxLength === undefined) return SANITIZE_MAX_LENGTH;
  if (typeof maxLength !== 'number' || Number.isNaN(maxLength) || maxLength < 0) {
    throw new RangeError('maxLength must be a number of 0 or more');
  }
  return Math.floor(maxLength);
}

function isBasicTag(name: string): name is BasicTag {
  return (BASIC_HTML_TAGS as readonly string[]).includes(name);
}

/**
 * Parses `html` and keeps only text and, when allowed, the basic tags. Adjacent text is merged,
 * also across removed elements, so that a pattern split by a removed tag is seen whole. Text is
 * decoded (character references become characters).
 */
function tokenize(html: string, allowBasicHtml: boolean): Token[] {
  const tokens: Token[] = [];
  // One entry per element the parser has open: what became of it.
  const open: Array<BasicTag | 'unwrapped' | 'dropped'> = [];
  let droppedDepth = 0;
  let openParagraphs = 0;
  let tooDeep = false;

  const parser: Parser = new Parser(
    {
      onopentag(name) {
        if (tooDeep) return;
        if (open.length === SANITIZE_MAX_DEPTH) {
          tooDeep = true;
          parser.pause();
        } else if (droppedDepth > 0 || CONTENT_DROPPED.has(name)) {
          droppedDepth += 1;
          open.push('dropped');
        } else if (allowBasicHtml && isBasicTag(name) && !(name === 'p' && openParagraphs > 0)) {
          tokens.push(name === 'br' ? { kind: 'br' } : { kind: 'open', tag: name });
          if (name === 'p') openParagraphs += 1;
          open.push(name);
        } else {
          open.push('unwrapped');
        }
      },
      onclosetag() {
        if (tooDeep) return;
        const fate = open.pop();
        if (fate === 'dropped') droppedDepth -= 1;
        else if (fate === 'p') openParagraphs -= 1;
        if (fate !== undefined && fate !== 'dropped' && fate !== 'unwrapped' && fate !== 'br') {
          tokens.push({ kind: 'close', tag: fate });
        }
      },
      ontext(text) {
        if (tooDeep || droppedDepth > 0) return;
        const last = tokens[tokens.length - 1];
        if (last?.kind === 'text') last.text += text;
        else tokens.push({ kind: 'text', text });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: false },
  );
  for (let start = 0; start < html.length && !tooDeep; start += CHUNK_LENGTH) {
    parser.write(html.slice(start, start + CHUNK_LENGTH));
  }
  // Elements still open are closed when the tokens are written out.
  if (!tooDeep) parser.end();
  return tokens;
}

/** Removes control characters and neutralises scriptable schemes and event-handler names. */
function cleanText(tokens: Token[]): Token[] {
  const cleaned: Token[] = [];
  for (const token of tokens) {
    if (token.kind !== 'text') {
      cleaned.push(token);
      continue;
    }
    const text = neutralise(token.text.replace(CONTROL_CHARACTERS, ''));
    if (text !== '') cleaned.push({ kind: 'text', text });
  }
  return cleaned;
}

/**
 * Replaces scriptable schemes, then event-handler names: "on" and word characters directly before
 * "=", from the first "on" in the run of word characters ("bonus=" → "bblocked="). Replacing a
 * scheme can complete an event name ("onjavascript:x=" → "onblockedx="), hence this order;
 * replacing a name completes neither, since "blocked" holds no "on" and no colon follows it.
 * Both passes are linear in the length of the text.
 */
function neutralise(text: string): string {
  return text
    .replace(
      SCRIPTABLE_SCHEMES,
      (_match, chain: string) => `${'blocke'.repeat(chain.length / 4)}${BLOCKED}`,
    )
    .replace(WORDS_BEFORE_EQUALS, (word) => {
      const start = word.toLowerCase().indexOf('on');
      // "on" needs at least one word character between it and the "=".
      return start === -1 || start + 3 === word.length
        ? word
        : `${word.slice(0, start)}${BLOCKED}=`;
    });
}

/** Trims leading whitespace of the first and trailing whitespace of the last token. */
function trim(tokens: Token[]): Token[] {
  const result = [...tokens];
  const first = result[0];
  if (first?.kind === 'text') {
    const text = first.text.trimStart();
    if (text === '') result.shift();
    else result[0] = { kind: 'text', text };
  }
  const last = result[result.length - 1];
  if (last?.kind === 'text') {
    const text = last.text.trimEnd();
    if (text === '') result.pop();
    else result[result.length - 1] = { kind: 'text', text };
  }
  return result;
}

function escapeText(text: string): string {
  return text.replace(ESCAPED, (character) => ESCAPES[character] ?? character);
}

/**
 * Writes the tokens as HTML of at most `maxLength` characters. The closing tags of open elements
 * are reserved as they open, so cutting anywhere still leaves well-formed markup; an element
 * starts only if both its tags fit, and text is cut between characters, never inside an escape
 * or a surrogate pair.
 */
function serialize(tokens: Token[], maxLength: number): string {
  let html = '';
  const stack: BasicTag[] = [];
  let reserved = 0;

  for (const token of tokens) {
    const room = maxLength - html.length - reserved;
    if (token.kind === 'text') {
      const escaped = escapeText(token.text);
      if (escaped.length <= room) {
        html += escaped;
        continue;
      }
      html += cutText(token.text, room, escapeText);
      break;
    }
    if (token.kind === 'br') {
      if (room < 4) break;
      html += '<br>';
    } else if (token.kind === 'open') {
      const cost = token.tag.length * 2 + 5;
      if (room < cost) break;
      html += `<${token.tag}>`;
      stack.push(token.tag);
      reserved += token.tag.length + 3;
    } else {
      stack.pop();
      reserved -= token.tag.length + 3;
      html += `</${token.tag}>`;
    }
  }
  for (let tag = stack.pop(); tag !== undefined; tag = stack.pop()) html += `</${tag}>`;
  return html;
}

const identity = (character: string) => character;

/** The longest prefix of `text`, each character written by `write`, that fits in `room` characters. */
function cutText(text: string, room: number, write: (character: string) => string): string {
  if (text.length <= room && write === identity) return text;
  let html = '';
  for (const character of text) {
    const escaped = write(character);
    if (html.length + escaped.length > room) break;
    html += escaped;
  }
  return html;
}
