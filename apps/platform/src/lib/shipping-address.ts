import type { ShippingAddress } from '@verdant/api-client';

// Addresses as the merchant's orders list and the payment-success page show them. Country names
// come from the browser's own data (Intl.DisplayNames), so no list of names ships with the app.

let regions: Intl.DisplayNames | undefined;

/** "United Kingdom" for "GB"; the code itself when the browser has no name for it. */
export function countryName(code: string): string {
  try {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The address as the lines of a label: name, street lines, town with region and postal code
 * ("Portland, OR 97201", "Bristol BS1 4DJ"), country. Empty parts are left out.
 */
export function addressLines(address: ShippingAddress): string[] {
  const town = [address.city, address.state].filter(Boolean).join(', ');
  const place = [town, address.postal_code].filter(Boolean).join(' ');
  return [address.name, address.line1, address.line2, place, countryName(address.country)].filter(
    (line): line is string => Boolean(line),
  );
}
