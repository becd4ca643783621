import * as React from 'react';
import { Tooltip as ThemesTooltip } from '@radix-ui/themes';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
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
 *
 * Each tooltip brings its own Radix tooltip provider, so it works under a `Theme` that has none:
 * the apps build Radix Themes' `Theme` without its provider (config/vite-radix-theme.mjs), which
 * keeps the tooltip's positioning engine out of their first pages.
 */
export const Tooltip = React.forwardRef<HTMLDivElement, TooltipProps>(function Tooltip(
  { wide, className, delayDuration = 300, ...rest },
  ref,
) {
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration}>
      <ThemesTooltip
        ref={ref}
        data-slot="tooltip"
        delayDuration={delayDuration}
        className={tooltipVariants({ wide, className })}
        {...rest}
      />
    </TooltipPrimitive.Provider>
  );
});
