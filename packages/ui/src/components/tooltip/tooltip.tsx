import * as React from 'react';
import { Tooltip as ThemesTooltip } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';

export const tooltipVariants = cva('vd-tooltip', {
  variants: {
    /** Room for a sentence rather than a few words. */
    wide: { true: 'vd-tooltip--wide', false: '' },
  },
  defaultVariants: { wide: false },
});

export interface TooltipProps
  extends
    Omit<React.ComponentPropsWithoutRef<typeof ThemesTooltip>, 'content'>,
    VariantProps<typeof tooltipVariants> {
  /** Short, non-interactive text describing the trigger. */
  content: React.ReactNode;
  /** One focusable element (a button or link); it is described by the tooltip. */
  children: React.ReactElement;
}

/**
 * A short description shown when the trigger is hovered or focused, dismissed with Escape.
 * Portalled and kept in the dark theme. Never put interactive content in a tooltip.
 */
export const Tooltip = React.forwardRef<HTMLDivElement, TooltipProps>(function Tooltip(
  { wide, className, delayDuration = 300, ...rest },
  ref,
) {
  return (
    <ThemesTooltip
      ref={ref}
      data-slot="tooltip"
      delayDuration={delayDuration}
      className={tooltipVariants({ wide, className })}
      {...rest}
    />
  );
});
