/**
 * Row filters of `postgres_changes` subscriptions, in hosted Realtime's syntax:
 * `column=op.value` with op one of eq, neq, lt, lte, gt, gte, in (`in.(a,b,"c,d")`).
 */
import type { ColumnType, TextTuple } from './values.ts';

export const FILTER_OPERATORS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface RowFilter {
  column: string;
  op: FilterOperator;
  /** One value, or several for `in`. */
  values: string[];
}

export class FilterError extends Error {
  override readonly name = 'FilterError';
}

const MAX_FILTER_LENGTH = 4096;
const MAX_IN_VALUES = 100;

function splitList(list: string): string[] {
  const values: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < list.length; i += 1) {
    const ch = list[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < list.length) current += list[++i];
      else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      values.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (quoted) throw new FilterError('unterminated quote in the `in` list');
  values.push(current.trim());
  return values;
}

/** Parses a filter string. Throws `FilterError` with a readable reason. */
export function parseFilter(filter: string): RowFilter {
  if (filter.length > MAX_FILTER_LENGTH) throw new FilterError('filter is too long');
  const eq = filter.indexOf('=');
  if (eq <= 0) throw new FilterError(`filter "${filter}" must look like column=op.value`);
  const column = filter.slice(0, eq).trim();
  const rest = filter.slice(eq + 1);
  const dot = rest.indexOf('.');
  if (dot <= 0) throw new FilterError(`filter "${filter}" must look like column=op.value`);
  const op = rest.slice(0, dot) as FilterOperator;
  if (!FILTER_OPERATORS.includes(op))
    throw new FilterError(
      `filter operator "${rest.slice(0, dot)}" is not supported (use ${FILTER_OPERATORS.join(', ')})`,
    );
  const raw = rest.slice(dot + 1);
  if (op === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')'))
      throw new FilterError('the `in` filter takes a list in parentheses, e.g. in.(1,2,3)');
    const values = splitList(raw.slice(1, -1));
    if (values.length > MAX_IN_VALUES)
      throw new FilterError(`the \`in\` filter takes at most ${MAX_IN_VALUES} values`);
    return { column, op, values };
  }
  return { column, op, values: [raw] };
}

export type Comparable = number | string | boolean;

/** The value of `text` for comparisons, by column type; undefined if it is not a valid value. */
export function comparable(text: string, type: ColumnType): Comparable | undefined {
  switch (type.category) {
    case 'N': {
      const n = Number(text);
      return Number.isNaN(n) || text.trim() === '' ? undefined : n;
    }
    case 'B':
      if (/^(t|true|y|yes|on|1)$/i.test(text)) return true;
      if (/^(f|false|n|no|off|0)$/i.test(text)) return false;
      return undefined;
    case 'D': {
      if (type.name === 'time' || type.name === 'timetz' || type.name === 'interval') return text;
      const ms = Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
      return Number.isNaN(ms) ? undefined : ms;
    }
    default:
      return type.name === 'uuid' ? text.toLowerCase() : text;
  }
}

/** Checks that every filter value is a valid value of the column's type. */
export function validateFilter(filter: RowFilter, type: ColumnType): void {
  for (const value of filter.values) {
    if (comparable(value, type) === undefined)
      throw new FilterError(`"${value}" is not a valid ${type.name} for column ${filter.column}`);
  }
  if (type.category === 'A' || type.name === 'json' || type.name === 'jsonb')
    throw new FilterError(`column ${filter.column} (${type.name}) cannot be filtered`);
}

/** Whether the row passes the filter (SQL semantics: a NULL column matches nothing). */
export function matchesFilter(filter: RowFilter, row: TextTuple, type: ColumnType): boolean {
  const text = row[filter.column];
  if (text === null || text === undefined) return false;
  const left = comparable(text, type);
  if (left === undefined) return false;
  const rights = filter.values.map((value) => comparable(value, type));
  const right = rights[0];
  switch (filter.op) {
    case 'eq':
      return left === right;
    case 'neq':
      return left !== right;
    case 'in':
      return rights.includes(left);
    case 'lt':
      return right !== undefined && left < right;
    case 'lte':
      return right !== undefined && left <= right;
    case 'gt':
      return right !== undefined && left > right;
    case 'gte':
      return right !== undefined && left >= right;
  }
}
