/** Latin letters that Unicode does not decompose into a base letter and a mark, spelt out. */
const LETTER_SPELLINGS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** An HTML tag, which the stored text loses to the sanitiser ("<b>", "</i>", "<img src=x>"). */
const TAG = /<\/?[a-z][^>]*>/gi;

/**
 * The slug a title suggests, from the text that is kept: markup tags dropped (the sanitiser removes
 * them from the stored title, so their words would be in no title), accents dropped ("Crème brûlée" → "creme-brulee"), apostrophes too ("Jordan’s" → "jordans"), lower case, each
 * run of other characters one hyphen, none at either end, at most `maxLength` characters. It
 * matches `SLUG_PATTERN` when the title holds at least three letters or digits.
 */
export function slugFrom(title: string, maxLength = 64): string {
  return title
    .replace(TAG, ' ')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæøœłđðþı]/g, (letter) => LETTER_SPELLINGS[letter] ?? '')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
