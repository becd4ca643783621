// Where Verdant's merchants ship. Stripe Checkout asks for a shipping address in one of these
// countries (`shipping_address_collection.allowed_countries`), and the local test checkout page
// offers the same list. The merchants on the platform sell in North America, the UK, the EU and
// Australia/New Zealand; a country is added here when a merchant ships there. ISO 3166-1 alpha-2
// codes, as Stripe writes them.
export const SHIPPING_COUNTRIES = [
  'US',
  'CA',
  'GB',
  'IE',
  'DE',
  'FR',
  'NL',
  'BE',
  'AT',
  'ES',
  'IT',
  'PT',
  'SE',
  'DK',
  'FI',
  'AU',
  'NZ',
] as const;

export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];
