import { Spinner as RadixSpinner } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { VisuallyHidden } from 'radix-ui';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cn } from '../../utils/index.ts';

const sizeLooks = { sm: '1', md: '2', lg: '3' } as const;

export const spinnerVariants = cva('vd-spinner', {
  variants: {
    size: { sm: 'vd-spinner--sm', md: 'vd-spinner--md', lg: 'vd-spinner--lg' },
    centered: { true: 'vd-spinner--centered', false: null },
  },
  defaultVariants: { size: 'md', centered: false },
});

export interface SpinnerProps
  extends ComponentPropsWithoutRef<'span'>, VariantProps<typeof spinnerVariants> {
  /** What is loading, for screen readers. */
  label?: string;
}

/** A loading indicator announced as a polite status (e.g. while auth initialises, spec §2). */
export const Spinner = forwardRef<HTMLSpanElement, SpinnerProps>(function Spinner(
  { size, centered, label = 'Loading', className, ...props },
  ref,
) {
  return (
    <span
      ref={ref}
      role="status"
      data-slot="spinner"
      className={cn(spinnerVariants({ size, centered }), className)}
      {...props}
    >
      <RadixSpinner size={sizeLooks[size ?? 'md']} aria-hidden />
      <VisuallyHidden.Root>{label}</VisuallyHidden.Root>
    </span>
  );
});
