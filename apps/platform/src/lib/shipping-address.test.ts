import { describe, expect, it } from 'vitest';
import { addressLines, countryName } from './shipping-address.ts';

describe('shipping addresses as label lines', () => {
  it('puts the town with its region and postal code, and names the country', () => {
    expect(
      addressLines({
        name: 'Robin Hart',
        line1: '12 Fern Street',
        line2: 'Flat 3',
        city: 'Bristol',
        postal_code: 'BS1 4DJ',
        state: null,
        country: 'GB',
      }),
    ).toEqual(['Robin Hart', '12 Fern Street', 'Flat 3', 'Bristol BS1 4DJ', 'United Kingdom']);
    expect(
      addressLines({
        name: 'Sam Shopper',
        line1: '1 Market Street',
        line2: null,
        city: 'Portland',
        postal_code: '97201',
        state: 'OR',
        country: 'US',
      }),
    ).toEqual(['Sam Shopper', '1 Market Street', 'Portland, OR 97201', 'United States']);
  });

  it('leaves out what is missing, and shows a code it has no name for as it is', () => {
    expect(
      addressLines({
        name: 'A',
        line1: 'B',
        line2: null,
        city: null,
        postal_code: null,
        state: null,
        country: 'XY',
      }),
    ).toEqual(['A', 'B', 'XY']);
    expect(countryName('NZ')).toBe('New Zealand');
  });
});
