import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';

export const skeletonVariants = cva('vd-skeleton', {
  variants: {
    shape: {
      text: 'vd-skeleton--text',
      rect: 'vd-skeleton--rect',
      circle: 'vd-skeleton--circle',
    },
  },
  defaultVariants: { shape: 'rect' },
});

export interface SkeletonProps
  extends React.ComponentPropsWithoutRef<'span'>, VariantProps<typeof skeletonVariants> {
  /** CSS width, e.g. `'12ch'` or `120`. */
  width?: string | number;
  /** CSS height; text skeletons follow the line height when omitted. */
  height?: string | number;
}

/**
 * A pulsing placeholder for content that is loading. Purely visual: it is hidden from assistive
 * technology, so the loading region itself should say it is busy (e.g. `aria-busy`).
 */
export const Skeleton = React.forwardRef<HTMLSpanElement, SkeletonProps>(function Skeleton(
  { shape, width, height, className, style, ...rest },
  ref,
) {
  return (
    <span
      ref={ref}
      aria-hidden
      data-slot="skeleton"
      className={skeletonVariants({ shape, className })}
      style={{ width, height, ...style }}
      {...rest}
    />
  );
});
