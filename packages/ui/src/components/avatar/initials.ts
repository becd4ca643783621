/** Up to two initials for a name: first and last word ("Ada Lovelace" → "AL"), "?" when there is no name. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s._-]+/u)
    .filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => Array.from(word)[0]?.toLocaleUpperCase() ?? '';
  return last ? letter(first) + letter(last) : letter(first);
}
