import {
  PRODUCT_MAX_PRICE_CENTS,
  PRODUCT_MIN_PRICE_CENTS,
  PROGRAM_MAX_FLAT_CENTS,
  RESERVED_USERNAME_MESSAGE,
  SLUG_PATTERN,
  isReservedUsername,
  isUuid,
  validateWebUrl,
} from '@verdant/validation';
import type * as Sanitize from '@verdant/validation/sanitize';
import { ApiError } from './errors.ts';

/*
 * Small input validators run before any request. Each returns the clean value or throws an
 * `ApiError` with code 'validation_failed' and `details: { field, reason }`, so bad input never
 * reaches the network.
 */

export interface ValidationDetails {
  field: string;
  reason: string;
}

export function invalid(field: string, reason: string): never {
  const details: ValidationDetails = { field, reason };
  throw new ApiError('validation_failed', `${field} ${reason}`, { details });
}

/** Lower-case letters, digits and single hyphens, 3–64 characters (from `@verdant/validation`). */
export { SLUG_PATTERN };
/** Usernames: lower-case letters, digits, `_` and `-`, 3–32 characters, starting and ending alphanumeric. */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9_-]{1,30}[a-z0-9]$/;
/** Tracked-link codes of `/go/{code}`. */
export const LINK_CODE_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;
const CURRENCY_PATTERN = /^[A-Z]{3}$/;

export function uuid(field: string, value: unknown): string {
  if (!isUuid(value)) invalid(field, 'must be a UUID');
  return value.toLowerCase();
}

export function slug(field: string, value: unknown): string {
  if (typeof value !== 'string' || !SLUG_PATTERN.test(value)) {
    invalid(field, 'must be 3–64 lower-case letters, digits or single hyphens');
  }
  return value;
}

/** A username as it may exist (to look a page up by): the pattern only. */
export function username(field: string, value: unknown): string {
  if (typeof value !== 'string' || !USERNAME_PATTERN.test(value)) {
    invalid(field, 'must be 3–32 lower-case letters, digits, underscores or hyphens');
  }
  return value;
}

/** What a reserved username's check tells, after the field's name ("Username is reserved. …"). */
export const RESERVED_USERNAME_REASON = 'is reserved. Choose another.';

/**
 * A username a profile may take: `username`, and not one of the reserved names of
 * `@verdant/validation` (admin, support, the app's page names, anything starting with "verdant"),
 * which the database refuses too. The error's message is "That username is reserved. Choose
 * another."; its reason is `RESERVED_USERNAME_REASON`.
 */
export function newUsername(field: string, value: unknown): string {
  const name = username(field, value);
  if (isReservedUsername(name)) {
    const details: ValidationDetails = { field, reason: RESERVED_USERNAME_REASON };
    throw new ApiError('validation_failed', RESERVED_USERNAME_MESSAGE, { details });
  }
  return name;
}

export function linkCode(field: string, value: unknown): string {
  if (typeof value !== 'string' || !LINK_CODE_PATTERN.test(value)) {
    invalid(field, 'must be 4–32 letters, digits, underscores or hyphens');
  }
  return value;
}

export function integer(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    invalid(field, `must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** Money in integer cents, never negative. */
export function cents(field: string, value: unknown): number {
  return integer(field, value, 0, Number.MAX_SAFE_INTEGER);
}

/** Whole cents from `min` to `max`, told in cents and in the amounts they are. */
function centsBetween(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    const amount = (c: number) =>
      (c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    invalid(field, `must be whole cents from ${min} to ${max} (${amount(min)} to ${amount(max)})`);
  }
  return value;
}

/** A product's price in cents: at least 50 (0.50, the least a card payment may be), at most 999,999.99. */
export function priceCents(field: string, value: unknown): number {
  return centsBetween(field, value, PRODUCT_MIN_PRICE_CENTS, PRODUCT_MAX_PRICE_CENTS);
}

/** A flat commission per item sold in cents: from 1 (0.01) to 10,000.00. */
export function flatCommissionCents(field: string, value: unknown): number {
  return centsBetween(field, value, 1, PROGRAM_MAX_FLAT_CENTS);
}

export function currency(field: string, value: unknown): string {
  if (typeof value !== 'string' || !CURRENCY_PATTERN.test(value.toUpperCase())) {
    invalid(field, 'must be a three-letter ISO currency code');
  }
  return value.toUpperCase();
}

export function decimal(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    invalid(field, `must be a number from ${min} to ${max}`);
  }
  return value;
}

export function oneOf<const T extends string>(
  field: string,
  value: unknown,
  allowed: readonly T[],
): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    invalid(field, `must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

export function boolean(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') invalid(field, 'must be true or false');
  return value;
}

export interface TextRules {
  /** Maximum length after sanitising (default 1000, the sanitiser's default). */
  max?: number;
  /** Minimum length after sanitising (default 1). */
  min?: number;
  /** Keep b, i, em, strong, p and br. */
  allowBasicHtml?: boolean;
}

/**
 * The sanitiser (an HTML parser and its entity tables, the largest part of the input checks) is
 * loaded with the first free text to check, so a page that only reads never downloads it. A
 * failed load is not kept: the next check tries again.
 */
let sanitizer: Promise<typeof Sanitize> | undefined;

function loadSanitizer(): Promise<typeof Sanitize> {
  sanitizer ??= import('@verdant/validation/sanitize').catch((error: unknown) => {
    sanitizer = undefined;
    throw new ApiError('network', 'The input checks could not be loaded; please try again.', {
      cause: error,
    });
  });
  return sanitizer;
}

/** Free text: sanitised with `sanitizeText`, then checked for length. */
export async function text(field: string, value: unknown, rules: TextRules = {}): Promise<string> {
  const { max = 1000, min = 1, allowBasicHtml = false } = rules;
  if (typeof value !== 'string') invalid(field, 'must be text');
  const { sanitizeText } = await loadSanitizer();
  const clean = sanitizeText(value, { allowBasicHtml, maxLength: Number.MAX_SAFE_INTEGER });
  if (clean.length < min)
    invalid(field, min === 1 ? 'must not be empty' : `must be at least ${min} characters`);
  if (clean.length > max) invalid(field, `must be at most ${max} characters`);
  return clean;
}

/** Optional free text: `null` clears it, an empty result becomes `null`. */
export async function optionalText(
  field: string,
  value: unknown,
  rules: TextRules = {},
): Promise<string | null> {
  if (value === null) return null;
  const clean = await text(field, value, { ...rules, min: 0 });
  return clean === '' ? null : clean;
}

/** PostgREST's wildcard in `like` patterns, which no escape makes literal: it becomes a space. */
const SEARCH_UNSAFE = /\*/g;
const SEARCH_CONTROL = /\p{Cc}/gu;

/**
 * A search term: text of at most `max` characters, with control characters (and `*`, which
 * PostgREST reads as a wildcard) replaced by spaces, trimmed; `''` means no filter. It is matched,
 * never stored or shown as HTML, so it does not need the sanitiser (and a search does not load
 * it). In a filter it goes through `containsPattern`.
 */
export function searchTerm(field: string, value: unknown, max = 100): string {
  if (typeof value !== 'string') invalid(field, 'must be text');
  const term = value.replace(SEARCH_CONTROL, ' ').replace(SEARCH_UNSAFE, ' ').trim();
  if (term.length > max) invalid(field, `must be at most ${max} characters`);
  return term;
}

/**
 * A PostgREST filter value for `ilike` that matches text containing `term` as typed: quoted, so
 * commas and brackets (in "Toothbrush Set (4)") are text, not filter syntax, and with LIKE's `%`,
 * `_` and `\` escaped, so "50%" or "a_b" match themselves instead of anything.
 */
export function containsPattern(term: string): string {
  const like = term.replace(/[\\%_]/g, '\\$&');
  return `"*${like.replace(/[\\"]/g, '\\$&')}*"`;
}

/**
 * A web address as `validateWebUrl` of `@verdant/validation` checks it: an absolute http(s) URL
 * with a valid host name, at most 2048 characters, with no whitespace or invisible character
 * anywhere (a browser's parser would otherwise store `https://ex ample.com` as a dead
 * `https://ex%20ample.com/`), or (with `allowSitePath`) a path on the site such as `/images/a.svg`.
 * An address typed without a scheme (`www.example.com`) is taken as https. Returns the address
 * as the URL parser writes it.
 */
export function url(field: string, value: unknown, allowSitePath = false): string {
  const checked = validateWebUrl(value, { allowSitePath });
  if (checked.ok) return checked.url;
  const suggested = checked.suggestion ? validateWebUrl(checked.suggestion) : undefined;
  if (suggested?.ok) return suggested.url;
  return invalid(field, checked.reason);
}

export function optionalUrl(field: string, value: unknown, allowSitePath = false): string | null {
  return value === null || value === '' ? null : url(field, value, allowSitePath);
}

/** An ISO 8601 date-time, returned normalised. */
export function timestamp(field: string, value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
    invalid(field, 'must be an ISO date-time');
  return new Date(value).toISOString();
}

export interface PageInput {
  /** 0-based page number (default 0). */
  page?: number;
  /** Rows per page, 1–100 (default 20). */
  pageSize?: number;
}

export const MAX_PAGE_SIZE = 100;

/** Turns page/pageSize into the inclusive range PostgREST expects. */
export function range(input: PageInput = {}): { from: number; to: number } {
  const page = integer('page', input.page ?? 0, 0, 1_000_000);
  const pageSize = integer('pageSize', input.pageSize ?? 20, 1, MAX_PAGE_SIZE);
  return { from: page * pageSize, to: page * pageSize + pageSize - 1 };
}

/** Rejects anything that is not a plain object, and unknown keys. */
export function shape(
  field: string,
  value: unknown,
  keys: readonly string[],
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    invalid(field, 'must be an object');
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) invalid(`${field}.${key}`, 'is not a known field');
  }
  return value as Record<string, unknown>;
}

/** A field's check: the clean value, or a promise of it (free text waits for the sanitiser). */
export type Check<T> = (key: string, v: unknown) => T | Promise<T>;

/** Applies `check` to each present key of a patch, in order; at least one key must be present. */
export async function patch<T extends object>(
  field: string,
  value: unknown,
  checks: { [K in keyof T]-?: Check<T[K]> },
): Promise<Partial<T>> {
  const input = shape(field, value, Object.keys(checks));
  const out: Partial<T> = {};
  for (const key of Object.keys(input) as (keyof T & string)[]) {
    if (input[key] === undefined) continue;
    out[key] = await checks[key](`${field}.${key}`, input[key]);
  }
  if (Object.keys(out).length === 0) invalid(field, 'must change at least one field');
  return out;
}

/** Like `patch`, for a new record: the `required` keys must be present. */
export async function record<T extends object, K extends keyof T & string>(
  field: string,
  value: unknown,
  checks: { [P in keyof T]-?: Check<T[P]> },
  required: readonly K[],
): Promise<Partial<T> & Pick<T, K>> {
  const input = shape(field, value, Object.keys(checks));
  for (const key of required) {
    if (input[key] === undefined) invalid(`${field}.${key}`, 'is required');
  }
  return (await patch<T>(field, input, checks)) as Partial<T> & Pick<T, K>;
}
