import { describe, expect, it } from 'vitest';
import {
  PRODUCT_MAX_CO2E_GRAMS,
  PRODUCT_MESSAGES,
  PRODUCT_MIN_PRICE_CENTS,
  PROGRAM_MAX_FLAT_CENTS,
  PROGRAM_TERMS_MESSAGES,
  parseWholeNumber,
  validateProductDraft,
  validateProgramTermsDraft,
  type ProductDraft,
  type ProgramTermsDraft,
} from './forms.ts';

const program: ProgramTermsDraft = {
  name: 'Evergreen partners',
  commissionType: 'percent',
  rate: '10',
  flat: '',
  cookieWindow: '30',
  holdingDays: '30',
};

const product: ProductDraft = {
  name: 'Bamboo Toothbrush Set (4)',
  slug: 'bamboo-toothbrush-set',
  price: '12.00',
  stock: '',
  co2e: '',
  co2eSource: '',
};

describe('parseWholeNumber', () => {
  it.each([
    ['30', 30],
    [' 7 ', 7],
    ['0', 0],
  ])('reads %j as %d', (text, value) => expect(parseWholeNumber(text)).toBe(value));

  it.each(['', '1.5', '-1', '1e3', 'ten', '3 0'])('refuses %j', (text) =>
    expect(parseWholeNumber(text)).toBeNaN(),
  );
});

describe('validateProgramTermsDraft', () => {
  it('accepts valid percent and flat terms', () => {
    expect(validateProgramTermsDraft(program)).toEqual({});
    expect(validateProgramTermsDraft({ ...program, rate: '7.25' })).toEqual({});
    expect(
      validateProgramTermsDraft({ ...program, commissionType: 'flat', rate: '', flat: '4.50' }),
    ).toEqual({});
  });

  it.each([
    [{ name: '  ' }, 'name'],
    [{ rate: '0' }, 'rate'],
    [{ rate: '100.01' }, 'rate'],
    [{ rate: '7.255' }, 'rate'],
    [{ rate: 'ten' }, 'rate'],
    [{ commissionType: 'flat' as const, flat: '0' }, 'flat'],
    [{ commissionType: 'flat' as const, flat: '4.505' }, 'flat'],
    [{ commissionType: 'flat' as const, flat: '0.00' }, 'flat'],
    // Above $10,000.00 per item sold: the review's 250000, and a number past any whole cents.
    [{ commissionType: 'flat' as const, flat: '10000.01' }, 'flat'],
    [{ commissionType: 'flat' as const, flat: '250000' }, 'flat'],
    [{ commissionType: 'flat' as const, flat: '99999999999999999' }, 'flat'],
    [{ cookieWindow: '0' }, 'cookieWindow'],
    [{ cookieWindow: '366' }, 'cookieWindow'],
    [{ cookieWindow: '30.5' }, 'cookieWindow'],
    [{ holdingDays: '181' }, 'holdingDays'],
    [{ holdingDays: '' }, 'holdingDays'],
  ] as const)('refuses %j in %s, with its message', (change, field) => {
    expect(validateProgramTermsDraft({ ...program, ...change })).toEqual({
      [field]: PROGRAM_TERMS_MESSAGES[field],
    });
  });

  it('takes a flat commission from $0.01 up to $10,000.00 per item sold, and says so', () => {
    const flat = (amount: string) =>
      validateProgramTermsDraft({ ...program, commissionType: 'flat', flat: amount });
    expect(PROGRAM_MAX_FLAT_CENTS).toBe(1_000_000);
    expect(flat('0.01')).toEqual({});
    expect(flat('10000')).toEqual({});
    expect(flat('10000.00')).toEqual({});
    expect(PROGRAM_TERMS_MESSAGES.flat).toMatch(/\$10,000\.00/);
  });

  it('checks only the commission field of the chosen type', () => {
    expect(validateProgramTermsDraft({ ...program, flat: 'not checked' })).toEqual({});
    expect(validateProgramTermsDraft({ ...program, holdingDays: '0' })).toEqual({});
  });
});

describe('validateProductDraft', () => {
  it('accepts a product with and without stock and a CO2e estimate', () => {
    expect(validateProductDraft(product)).toEqual({});
    // The limits themselves are allowed.
    expect(validateProductDraft({ ...product, price: '999999.99', stock: '1000000000' })).toEqual(
      {},
    );
    expect(
      validateProductDraft({ ...product, stock: '180', co2e: '0.24', co2eSource: 'Supplier LCA' }),
    ).toEqual({});
  });

  it('takes a price from $0.50, the least a card payment may be, and says so', () => {
    expect(PRODUCT_MIN_PRICE_CENTS).toBe(50);
    expect(validateProductDraft({ ...product, price: '0.50' })).toEqual({});
    expect(validateProductDraft({ ...product, price: '0.5' })).toEqual({});
    expect(PRODUCT_MESSAGES.price).toMatch(/^Enter a price of at least \$0\.50\b/);
  });

  it('takes a CO2e estimate from 0 up to 1,000,000 kg (the grams the store keeps), and says so in kilograms', () => {
    const co2e = (kg: string) => validateProductDraft({ ...product, co2e: kg, co2eSource: 'LCA' });
    expect(PRODUCT_MAX_CO2E_GRAMS).toBe(1_000_000_000);
    expect(co2e('0')).toEqual({});
    expect(co2e('1000000')).toEqual({});
    expect(co2e('999999.999')).toEqual({});
    expect(co2e('1000000.001')).toEqual({ co2e: PRODUCT_MESSAGES.co2e });
    expect(PRODUCT_MESSAGES.co2e).toMatch(/kilograms/);
    expect(PRODUCT_MESSAGES.co2e).toMatch(/1,000,000/);
    expect(PRODUCT_MESSAGES.co2e).not.toMatch(/grams must|whole number/);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ slug: 'Bamboo' }, 'slug'],
    [{ slug: 'ab' }, 'slug'],
    [{ slug: 'double--hyphen' }, 'slug'],
    [{ price: '12.345' }, 'price'],
    [{ price: '-1' }, 'price'],
    [{ price: '0' }, 'price'],
    [{ price: '0.00' }, 'price'],
    [{ price: '0.49' }, 'price'],
    [{ stock: '2.5' }, 'stock'],
    [{ price: '1000000.00' }, 'price'],
    [{ price: '99999999' }, 'price'],
    [{ stock: '1000000001' }, 'stock'],
    [{ co2e: '1.2345', co2eSource: 'Supplier LCA' }, 'co2e'],
    // The review's 99999999999 kg: far past the 1,000,000 kg the store keeps (in grams).
    [{ co2e: '99999999999', co2eSource: 'Supplier LCA' }, 'co2e'],
    [{ co2e: '1000001', co2eSource: 'Supplier LCA' }, 'co2e'],
    [{ co2e: '1.2', co2eSource: 'no' }, 'co2eSource'],
  ] as const)('refuses %j in %s, with its message', (change, field) => {
    expect(validateProductDraft({ ...product, ...change })).toEqual({
      [field]: PRODUCT_MESSAGES[field],
    });
  });
});
