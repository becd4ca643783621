export type PaginationItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page numbers to show for `page` of `pageCount` (1-based): always the first and last page,
 * `siblings` pages either side of the current one, and an ellipsis where pages are skipped.
 * The list has a constant length once there are enough pages, so the control does not jump.
 */
export function paginationRange(page: number, pageCount: number, siblings = 1): PaginationItem[] {
  const count = Math.max(0, Math.floor(pageCount));
  if (count === 0) return [];
  const current = clamp(Math.floor(page), 1, count);
  // first + last + current + 2*siblings + 2 ellipses
  const slots = 2 * siblings + 5;
  if (count <= slots) return range(1, count);

  const leftSibling = Math.max(current - siblings, 1);
  const rightSibling = Math.min(current + siblings, count);
  const showLeftEllipsis = leftSibling > 3;
  const showRightEllipsis = rightSibling < count - 2;

  if (!showLeftEllipsis && showRightEllipsis) {
    return [...range(1, 3 + 2 * siblings), 'ellipsis-end', count];
  }
  if (showLeftEllipsis && !showRightEllipsis) {
    return [1, 'ellipsis-start', ...range(count - (2 + 2 * siblings), count)];
  }
  return [1, 'ellipsis-start', ...range(leftSibling, rightSibling), 'ellipsis-end', count];
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
