import * as React from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';

export const proseVariants = cva('vd-prose', {
  variants: {
    size: { sm: 'vd-prose--sm', md: 'vd-prose--md', lg: 'vd-prose--lg' },
  },
  defaultVariants: { size: 'md' },
});

export interface ProseProps
  extends React.ComponentPropsWithoutRef<'div'>, VariantProps<typeof proseVariants> {
  /** Renders the styles onto the single child instead (e.g. an `<article>`). */
  asChild?: boolean;
}

/**
 * Typography for rendered Markdown or other rich text (course modules, legal pages, the wiki):
 * headings, paragraphs, lists, links, quotes, code, tables, images and rules in the kit's type
 * scale. It styles the HTML it is given; rendering and sanitising the Markdown is the caller's.
 */
export const Prose = React.forwardRef<HTMLDivElement, ProseProps>(function Prose(
  { asChild = false, size, className, ...rest },
  ref,
) {
  const Comp = asChild ? Slot.Root : 'div';
  return (
    <Comp ref={ref} data-slot="prose" className={proseVariants({ size, className })} {...rest} />
  );
});
