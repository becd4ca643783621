import { SLUG_PATTERN } from './identifiers.ts';

/*
 * The checks of the merchant's forms, field by field, on the text as typed: the same rules the
 * database enforces (its CHECK constraints), with messages to show next to each field. A field
 * without an entry in the result is valid.
 */

/** Field name → message, for the fields that are not valid. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const KILOGRAMS = /^\d+(\.\d{1,3})?$/;

/** A whole number typed as digits only, or NaN. */
export function parseWholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Program terms as typed in the program settings form. */
export interface ProgramTermsDraft {
  name: string;
  commissionType: 'percent' | 'flat';
  /** Percent of each line, e.g. "10" or "7.5". */
  rate: string;
  /** Amount per unit sold, in the currency's main unit, e.g. "4.50". */
  flat: string;
  cookieWindow: string;
  holdingDays: string;
}

/**
 * The highest flat commission, in cents ($10,000.00 per item sold): far above any real commission, and
 * low enough that a slipped key (250000 for 2.50) is caught instead of offered to affiliates.
 */
export const PROGRAM_MAX_FLAT_CENTS = 1_000_000;

export const PROGRAM_TERMS_MESSAGES = {
  name: 'Give the program a name',
  rate: 'Enter a percentage above 0 and at most 100, with up to two decimals',
  flat: 'Enter an amount from $0.01 to $10,000.00, such as 4.50',
  cookieWindow: 'Enter whole days from 1 to 365',
  holdingDays: 'Enter whole days from 0 to 180',
} as const;

export function validateProgramTermsDraft(
  draft: ProgramTermsDraft,
): FieldErrors<keyof typeof PROGRAM_TERMS_MESSAGES> {
  const errors: FieldErrors<keyof typeof PROGRAM_TERMS_MESSAGES> = {};
  if (draft.name.trim() === '') errors.name = PROGRAM_TERMS_MESSAGES.name;
  if (draft.commissionType === 'percent') {
    const rate = Number(draft.rate);
    if (!AMOUNT.test(draft.rate.trim()) || rate <= 0 || rate > 100)
      errors.rate = PROGRAM_TERMS_MESSAGES.rate;
  } else {
    const flat = draft.flat.trim();
    const cents = Math.round(Number(flat) * 100);
    if (!AMOUNT.test(flat) || cents < 1 || cents > PROGRAM_MAX_FLAT_CENTS)
      errors.flat = PROGRAM_TERMS_MESSAGES.flat;
  }
  const cookie = parseWholeNumber(draft.cookieWindow);
  if (!(cookie >= 1 && cookie <= 365)) errors.cookieWindow = PROGRAM_TERMS_MESSAGES.cookieWindow;
  const holding = parseWholeNumber(draft.holdingDays);
  if (!(holding >= 0 && holding <= 180)) errors.holdingDays = PROGRAM_TERMS_MESSAGES.holdingDays;
  return errors;
}

/** A product as typed in the product form. */
export interface ProductDraft {
  name: string;
  slug: string;
  /** Price in the currency's main unit, e.g. "24.00". */
  price: string;
  /** Units in stock; empty for no limit. */
  stock: string;
  /** CO2e estimate in kilograms; empty for none. */
  co2e: string;
  /** Where the estimate comes from; required with an estimate. */
  co2eSource: string;
}

/**
 * The lowest price a product may have, in cents ($0.50: the least a card payment through Stripe
 * may charge), and the highest (999,999.99: the most Stripe charges in one payment, amounts of at
 * most eight digits), and the most units in stock.
 */
export const PRODUCT_MIN_PRICE_CENTS = 50;
export const PRODUCT_MAX_PRICE_CENTS = 99_999_999;
export const PRODUCT_MAX_STOCK = 1_000_000_000;
/** The highest CO2e estimate, in grams (1,000,000 kg; the form takes kilograms). */
export const PRODUCT_MAX_CO2E_GRAMS = 1_000_000_000;

export const PRODUCT_MESSAGES = {
  name: 'Enter the product name',
  slug: 'Use 3–64 lower-case letters, digits and single hyphens',
  price: 'Enter a price of at least $0.50 and at most $999,999.99, such as 24.00',
  stock: 'Enter a whole number up to 1,000,000,000, or leave empty',
  co2e: 'Enter kilograms from 0 to 1,000,000, with up to three decimals, such as 1.25',
  co2eSource: 'Name the source of the estimate',
} as const;

export function validateProductDraft(
  draft: ProductDraft,
): FieldErrors<keyof typeof PRODUCT_MESSAGES> {
  const errors: FieldErrors<keyof typeof PRODUCT_MESSAGES> = {};
  if (draft.name.trim() === '') errors.name = PRODUCT_MESSAGES.name;
  if (!SLUG_PATTERN.test(draft.slug)) errors.slug = PRODUCT_MESSAGES.slug;
  const price = draft.price.trim();
  const priceCents = Math.round(Number(price) * 100);
  if (
    !AMOUNT.test(price) ||
    priceCents < PRODUCT_MIN_PRICE_CENTS ||
    priceCents > PRODUCT_MAX_PRICE_CENTS
  )
    errors.price = PRODUCT_MESSAGES.price;
  if (draft.stock.trim() !== '') {
    const stock = parseWholeNumber(draft.stock);
    if (Number.isNaN(stock) || stock > PRODUCT_MAX_STOCK) errors.stock = PRODUCT_MESSAGES.stock;
  }
  const co2e = draft.co2e.trim();
  if (co2e !== '') {
    if (!KILOGRAMS.test(co2e) || Math.round(Number(co2e) * 1000) > PRODUCT_MAX_CO2E_GRAMS)
      errors.co2e = PRODUCT_MESSAGES.co2e;
    if (draft.co2eSource.trim().length < 3) errors.co2eSource = PRODUCT_MESSAGES.co2eSource;
  }
  return errors;
}
