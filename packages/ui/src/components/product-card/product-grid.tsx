import * as React from 'react';
import { Skeleton } from '../skeleton/skeleton.tsx';

export interface ProductGridProps extends React.ComponentPropsWithoutRef<'ul'> {
  /** ProductCard elements; each lands in its own list item. */
  children?: React.ReactNode;
  /** The narrowest a column may get, in pixels; the grid fits as many columns as it can. */
  minItemWidth?: number;
  /** Shows `loadingCount` placeholder cards and marks the list busy. */
  loading?: boolean;
  loadingCount?: number;
  /** Shown instead of the list when there are no products (and not loading), e.g. an EmptyState. */
  empty?: React.ReactNode;
}

/** A responsive grid of ProductCards for the shop, storefronts and programs. */
export const ProductGrid = React.forwardRef<HTMLUListElement, ProductGridProps>(
  function ProductGrid(
    {
      children,
      minItemWidth = 220,
      loading = false,
      loadingCount = 6,
      empty,
      className,
      style,
      ...rest
    },
    ref,
  ) {
    const items = React.Children.toArray(children);
    if (!loading && items.length === 0 && empty) return <>{empty}</>;
    return (
      <ul
        ref={ref}
        data-slot="product-grid"
        aria-busy={loading || undefined}
        className={['vd-product-grid', className].filter(Boolean).join(' ')}
        style={{ '--vd-grid-min': `${minItemWidth}px`, ...style } as React.CSSProperties}
        {...rest}
      >
        {loading
          ? Array.from({ length: loadingCount }, (_, index) => (
              <li
                key={index}
                className="vd-product-grid__item"
                data-slot="product-grid-placeholder"
              >
                <div className="vd-product-card vd-product-card--vertical">
                  <div className="vd-product-card__media">
                    <Skeleton width="100%" height="100%" />
                  </div>
                  <div className="vd-product-card__body">
                    <Skeleton shape="text" width="40%" />
                    <Skeleton shape="text" width="80%" />
                    <Skeleton shape="text" width="30%" />
                  </div>
                </div>
              </li>
            ))
          : items.map((child, index) => (
              <li
                key={React.isValidElement(child) && child.key !== null ? child.key : index}
                className="vd-product-grid__item"
              >
                {child}
              </li>
            ))}
      </ul>
    );
  },
);
