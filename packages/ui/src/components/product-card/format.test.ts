import { describe, expect, it } from 'vitest';
import { formatCo2e, formatPrice } from './format.ts';

describe('formatPrice', () => {
  it('formats cents in the currency', () => {
    expect(formatPrice(2499, 'USD', 'en-US')).toBe('$24.99');
    expect(formatPrice(0, 'USD', 'en-US')).toBe('$0.00');
    expect(formatPrice(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatPrice(2499, 'gbp', 'en-GB')).toBe('£24.99');
  });

  it('rounds for currencies without minor units', () => {
    expect(formatPrice(120050, 'JPY', 'en-US')).toBe('¥1,201');
  });

  it('falls back to the code for an unknown currency', () => {
    expect(formatPrice(500, 'X1Z', 'en-US')).toBe('5.00 X1Z');
  });
});

describe('formatCo2e', () => {
  it('picks grams, kilograms or tonnes', () => {
    expect(formatCo2e(850, 'en-US')).toBe('850 g CO2e');
    expect(formatCo2e(1234, 'en-US')).toBe('1.2 kg CO2e');
    expect(formatCo2e(48_600, 'en-US')).toBe('49 kg CO2e');
    expect(formatCo2e(3_400_000, 'en-US')).toBe('3.4 t CO2e');
  });

  it('says unknown for impossible values', () => {
    expect(formatCo2e(-1)).toBe('Unknown CO2e');
    expect(formatCo2e(Number.NaN)).toBe('Unknown CO2e');
  });
});
