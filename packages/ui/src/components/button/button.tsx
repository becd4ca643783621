import { Button as RadixButton, Spinner } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cn } from '../../utils/index.ts';

type RadixButtonProps = ComponentPropsWithoutRef<typeof RadixButton>;

/** Verdant's button variants, each described once as the Radix Themes look it builds on. */
const variantLooks = {
  primary: { variant: 'solid', color: undefined },
  secondary: { variant: 'soft', color: 'gray' },
  outline: { variant: 'outline', color: undefined },
  ghost: { variant: 'ghost', color: 'gray' },
  // Soft red keeps text contrast above 4.5:1 on the dark theme; Radix's solid red does not (3.9:1).
  danger: { variant: 'soft', color: 'red' },
} as const satisfies Record<string, Pick<RadixButtonProps, 'variant' | 'color'>>;

const sizeLooks = { sm: '1', md: '2', lg: '3' } as const satisfies Record<
  string,
  RadixButtonProps['size']
>;

export const buttonVariants = cva('vd-button', {
  variants: {
    variant: {
      primary: 'vd-button--primary',
      secondary: 'vd-button--secondary',
      outline: 'vd-button--outline',
      ghost: 'vd-button--ghost',
      danger: 'vd-button--danger',
    },
    size: { sm: 'vd-button--sm', md: 'vd-button--md', lg: 'vd-button--lg' },
    fullWidth: { true: 'vd-button--full-width', false: null },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});

export type ButtonVariants = VariantProps<typeof buttonVariants>;

export interface ButtonProps
  extends Omit<RadixButtonProps, 'variant' | 'size' | 'color' | 'loading'>, ButtonVariants {
  /**
   * Shows a spinner, keeps the width and marks the button `aria-busy` and `aria-disabled`: it does
   * nothing when clicked (a form's Enter included) but keeps the focus, which a disabled button
   * would drop to the page.
   */
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    size,
    fullWidth,
    loading = false,
    className,
    disabled,
    asChild,
    children,
    onClick,
    ...props
  },
  ref,
) {
  const look = variantLooks[variant ?? 'primary'];
  // Loading keeps the button's width, colour and label: a spinner joins the label instead of
  // replacing it (Radix's own `loading` greys the button out and hides the label).
  return (
    <RadixButton
      ref={ref}
      data-slot="button"
      data-loading={loading ? '' : undefined}
      variant={look.variant}
      color={look.color}
      size={sizeLooks[size ?? 'md']}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      asChild={asChild}
      className={cn(buttonVariants({ variant, size, fullWidth }), className)}
      {...props}
      onClick={(event) => {
        // Busy: no second action, and no form submission either.
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {loading && !asChild ? (
        <>
          <Spinner size="1" className="vd-button__spinner" />
          {children}
        </>
      ) : (
        children
      )}
    </RadixButton>
  );
});
