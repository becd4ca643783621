import { Card as RadixCard } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cn } from '../../utils/index.ts';

type RadixCardProps = ComponentPropsWithoutRef<typeof RadixCard>;

const variantLooks = {
  surface: 'surface',
  ghost: 'ghost',
  brand: 'surface',
} as const satisfies Record<string, RadixCardProps['variant']>;
const sizeLooks = { sm: '1', md: '2', lg: '3' } as const satisfies Record<
  string,
  RadixCardProps['size']
>;

export const cardVariants = cva('vd-card', {
  variants: {
    variant: { surface: 'vd-card--surface', ghost: 'vd-card--ghost', brand: 'vd-card--brand' },
    size: { sm: 'vd-card--sm', md: 'vd-card--md', lg: 'vd-card--lg' },
  },
  defaultVariants: { variant: 'surface', size: 'md' },
});

export interface CardProps
  extends Omit<RadixCardProps, 'variant' | 'size'>, VariantProps<typeof cardVariants> {}

/** A panel for grouped content; `brand` adds the green-to-blue edge. `asChild` makes a link or article a card. */
export const Card = forwardRef<HTMLDivElement, CardProps>(function Card(
  { variant, size, className, ...props },
  ref,
) {
  return (
    <RadixCard
      ref={ref}
      data-slot="card"
      variant={variantLooks[variant ?? 'surface']}
      size={sizeLooks[size ?? 'md']}
      className={cn(cardVariants({ variant, size }), className)}
      {...props}
    />
  );
});
