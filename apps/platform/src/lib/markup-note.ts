/**
 * The words for free text stored other than as typed: the sanitiser keeps it plain, removing
 * markup (and blocking `javascript:` addresses and the like), which the writer would otherwise
 * find out only by reading it back. `what` names the text as a sentence starts: "Posts are",
 * "Your title and bio are". Nothing when each typed value (trimmed) was stored as it was.
 */
export function markupRemovedNote(
  what: string,
  pairs: readonly (readonly [
    typed: string | null | undefined,
    stored: string | null | undefined,
  ])[],
): { description: string } | Record<string, never> {
  const changed = pairs.some(([typed, stored]) => (typed ?? '').trim() !== (stored ?? ''));
  return changed
    ? { description: `${what} plain text: markup such as <b> was removed from what you typed.` }
    : {};
}
