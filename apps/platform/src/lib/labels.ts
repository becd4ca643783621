/**
 * A stored vocabulary value in words for a badge or a list: `in_transit` → "In transit",
 * `home-goods` → "Home goods". The database keeps lower-case machine values; people read these.
 */
export function valueLabel(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
