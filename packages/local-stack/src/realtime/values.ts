/**
 * Column values from logical replication arrive in Postgres's text format. Clients receive them
 * the way hosted Realtime sends records (as `to_jsonb` renders them): numbers as numbers, booleans
 * as booleans, JSON as JSON, arrays as arrays, timestamps in ISO form.
 */

/** What realtime needs to know about a column's type. */
export interface ColumnType {
  /** `pg_type.typname`, e.g. `int4`, `timestamptz`, `_text` for `text[]`. */
  name: string;
  /** `pg_type.typcategory`: N numeric, B boolean, D date/time, A array, U user (json) … */
  category: string;
  /** For arrays: the element type. */
  element?: ColumnType;
}

/** A row image: column name → text value (null for SQL NULL, undefined for an unchanged TOAST value not sent). */
export type TextTuple = Record<string, string | null | undefined>;

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

/** Parses a Postgres array literal (one dimension or nested) into its element texts. */
export function parseArrayLiteral(text: string): unknown[] {
  let pos = 0;
  // A leading dimension decoration such as "[1:2]=" is skipped.
  if (text.startsWith('[')) pos = text.indexOf('=') + 1;
  const parse = (): unknown[] => {
    if (text[pos] !== '{') throw new Error('not an array literal');
    pos += 1;
    const items: unknown[] = [];
    if (text[pos] === '}') {
      pos += 1;
      return items;
    }
    for (;;) {
      if (text[pos] === '{') items.push(parse());
      else if (text[pos] === '"') {
        pos += 1;
        let value = '';
        while (pos < text.length && text[pos] !== '"') {
          if (text[pos] === '\\') pos += 1;
          value += text[pos] ?? '';
          pos += 1;
        }
        pos += 1;
        items.push(value);
      } else {
        let end = pos;
        while (end < text.length && text[end] !== ',' && text[end] !== '}') end += 1;
        const raw = text.slice(pos, end);
        items.push(raw === 'NULL' ? null : raw);
        pos = end;
      }
      if (text[pos] === ',') {
        pos += 1;
        continue;
      }
      if (text[pos] === '}') {
        pos += 1;
        return items;
      }
      throw new Error('unterminated array literal');
    }
  };
  return parse();
}

/** `2026-11-23 07:17:24.5+00` → `2026-11-23T07:17:24.5+00:00` (what `to_jsonb` writes). */
function isoTimestamp(text: string, withZone: boolean): string {
  const iso = text.replace(' ', 'T');
  if (!withZone) return iso;
  return iso.replace(/([+-]\d{2})$/, '$1:00');
}

/** Converts one text value to the JSON value hosted Realtime would send for that type. */
export function toJsonValue(text: string | null | undefined, type: ColumnType): unknown {
  if (text === null || text === undefined) return null;
  if (type.category === 'A' && type.element) {
    const element = type.element;
    const convert = (items: unknown[]): unknown[] =>
      items.map((item) =>
        Array.isArray(item) ? convert(item) : toJsonValue(item as string | null, element),
      );
    try {
      return convert(parseArrayLiteral(text));
    } catch {
      return text;
    }
  }
  if (NUMERIC.has(type.name)) {
    const value = Number(text);
    return Number.isFinite(value) ? value : text;
  }
  switch (type.name) {
    case 'bool':
      return text === 't';
    case 'json':
    case 'jsonb':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    case 'timestamptz':
      return isoTimestamp(text, true);
    case 'timestamp':
      return isoTimestamp(text, false);
    default:
      return text;
  }
}

/**
 * The value handed to `jsonb_populate_record` when Postgres checks a row: the text as a JSON
 * string (the column type's input function reads it), except for json/jsonb columns, whose JSON
 * is passed as JSON.
 */
export function toPopulateValue(text: string | null | undefined, type: ColumnType): unknown {
  if (text === null || text === undefined) return null;
  if (type.name === 'json' || type.name === 'jsonb') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
