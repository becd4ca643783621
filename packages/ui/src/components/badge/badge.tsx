import * as React from 'react';
import { Badge as ThemesBadge } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';

export const badgeVariants = cva('vd-badge', {
  variants: {
    tone: {
      neutral: 'vd-badge--neutral',
      brand: 'vd-badge--brand',
      success: 'vd-badge--success',
      info: 'vd-badge--info',
      warning: 'vd-badge--warning',
      danger: 'vd-badge--danger',
    },
  },
  defaultVariants: { tone: 'neutral' },
});

type Tone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

/** Radix colour behind each tone; soft and outline badges keep AA contrast in the dark theme. */
export const badgeToneColors = {
  neutral: 'gray',
  brand: 'mint',
  success: 'mint',
  info: 'blue',
  warning: 'amber',
  danger: 'red',
} as const satisfies Record<Tone, string>;

export interface BadgeProps
  extends
    Omit<React.ComponentPropsWithoutRef<typeof ThemesBadge>, 'color' | 'variant'>,
    VariantProps<typeof badgeVariants> {
  variant?: 'soft' | 'surface' | 'outline';
}

/** A short status or category label. */
export const Badge = React.forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { tone, variant = 'soft', className, ...rest },
  ref,
) {
  return (
    <ThemesBadge
      ref={ref}
      data-slot="badge"
      color={badgeToneColors[tone ?? 'neutral']}
      variant={variant}
      className={badgeVariants({ tone, className })}
      {...rest}
    />
  );
});
