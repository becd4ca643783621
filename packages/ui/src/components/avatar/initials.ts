/**
 * A word's initial: its first letter or digit, with the accents that go with it (a decomposed
 * "é" stays whole), in upper case. Emoji, symbols and punctuation are no initial, nor are the
 * variation selectors and keycap marks that make a digit an emoji ("1️⃣" gives "1").
 */
const INITIAL = /[\p{L}\p{N}](?:(?![\uFE00-\uFE0F])[\p{Mn}\p{Mc}])*/u;

/**
 * Up to two initials for a name: the first letter (or digit) of the first and the last word that
 * have one ("Ada Lovelace" → "AL", "Sam Walker 🌲" → "SW"); "?" when no word has one (no name, or
 * only emoji and symbols).
 */
export function initialsOf(name: string | null | undefined): string {
  const initials = (name ?? '')
    .split(/[\s._-]+/u)
    .map((word) => INITIAL.exec(word)?.[0])
    .filter((initial): initial is string => Boolean(initial));
  const first = initials[0];
  if (!first) return '?';
  const last = initials.length > 1 ? initials[initials.length - 1] : undefined;
  const upper = (initial: string) => initial.toLocaleUpperCase().normalize('NFC');
  return last ? upper(first) + upper(last) : upper(first);
}
