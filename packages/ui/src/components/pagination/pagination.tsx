import * as React from 'react';
import { Button, IconButton } from '@radix-ui/themes';
import { ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { cva, type VariantProps } from 'class-variance-authority';
import { paginationRange } from './pagination-range.ts';

export const paginationVariants = cva('vd-pagination', {
  variants: {
    size: { '1': 'vd-pagination--size-1', '2': 'vd-pagination--size-2' },
  },
  defaultVariants: { size: '2' },
});

export interface PaginationProps
  extends
    Omit<React.ComponentPropsWithoutRef<'nav'>, 'onChange'>,
    VariantProps<typeof paginationVariants> {
  /** Current page, 1-based. */
  page: number;
  /** Total number of pages; the control renders nothing below 2. */
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Pages shown either side of the current one. */
  siblings?: number;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/** Page navigation: previous/next buttons and page numbers, the current one marked with aria-current. */
export const Pagination = React.forwardRef<HTMLElement, PaginationProps>(function Pagination(
  { page, pageCount, onPageChange, siblings = 1, label = 'Pagination', size, className, ...rest },
  ref,
) {
  const navRef = React.useRef<HTMLElement | null>(null);
  // Previous on the second page (or Next on the one before last) disables the button that has the
  // focus: the focus goes to the page now current instead of falling to the page's body. Only
  // then: a caller that moved the focus on (to the results, say) keeps it there.
  const refocus = React.useRef(false);
  React.useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const nav = navRef.current;
    const active = nav?.ownerDocument.activeElement;
    if (active && active !== nav?.ownerDocument.body && !nav?.contains(active)) return;
    nav?.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
  }, [page]);
  const go = (next: number) => {
    refocus.current = next <= 1 || next >= pageCount;
    onPageChange(next);
  };
  if (pageCount < 2) return null;
  const items = paginationRange(page, pageCount, siblings);
  const buttonSize = size === '1' ? '1' : '2';
  return (
    <nav
      ref={(node) => {
        navRef.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      aria-label={label}
      data-slot="pagination"
      className={paginationVariants({ size, className })}
      {...rest}
    >
      <ul className="vd-pagination__list" data-slot="pagination-list">
        <li>
          <IconButton
            type="button"
            variant="soft"
            color="gray"
            size={buttonSize}
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => go(page - 1)}
            data-slot="pagination-previous"
          >
            <ChevronLeftIcon aria-hidden />
          </IconButton>
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                type="button"
                size={buttonSize}
                variant={item === page ? 'solid' : 'ghost'}
                color={item === page ? undefined : 'gray'}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onPageChange(item)}
                className="vd-pagination__page"
                data-slot="pagination-page"
              >
                {item}
              </Button>
            </li>
          ) : (
            <li
              key={item}
              aria-hidden
              className="vd-pagination__ellipsis"
              data-slot="pagination-ellipsis"
            >
              …
            </li>
          ),
        )}
        <li>
          <IconButton
            type="button"
            variant="soft"
            color="gray"
            size={buttonSize}
            aria-label="Next page"
            disabled={page >= pageCount}
            onClick={() => go(page + 1)}
            data-slot="pagination-next"
          >
            <ChevronRightIcon aria-hidden />
          </IconButton>
        </li>
      </ul>
    </nav>
  );
});
