/** Formats integer cents in a currency, e.g. 2499 USD → "$24.99", 1200 JPY → "¥1,200". */
export function formatPrice(cents: number, currency: string, locale?: string): string {
  const code = currency.toUpperCase();
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
  } catch {
    // An unknown currency code: show the amount with the code rather than fail the page.
    return `${(cents / 100).toFixed(2)} ${code}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  // Cents are hundredths of the major unit whatever the currency's own minor-unit count.
  const amount = cents / 100;
  return digits === 0 ? format.format(Math.round(amount)) : format.format(amount);
}

/** An estimated footprint in grams as a short figure: "850 g CO2e", "1.2 kg CO2e", "3.4 t CO2e". */
export function formatCo2e(grams: number, locale?: string): string {
  const n = (value: number, max: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: max }).format(value);
  if (!Number.isFinite(grams) || grams < 0) return 'Unknown CO2e';
  if (grams < 1000) return `${n(Math.round(grams), 0)} g CO2e`;
  if (grams < 1_000_000) return `${n(grams / 1000, grams < 10_000 ? 1 : 0)} kg CO2e`;
  return `${n(grams / 1_000_000, 1)} t CO2e`;
}
