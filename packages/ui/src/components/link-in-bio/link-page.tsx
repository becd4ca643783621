import * as React from 'react';
import { Slot } from 'radix-ui';
import { isLinkPageTheme, type LinkPageThemeName } from './link-page-themes.ts';

export interface LinkPageProps extends React.ComponentPropsWithoutRef<'div'> {
  /** The page's theme; unknown values fall back to `forest`. */
  theme?: LinkPageThemeName | (string & {});
  /** Renders onto the single child (e.g. `<main>`). */
  asChild?: boolean;
}

/**
 * The frame of a public link-in-bio page or storefront: a centred column painted in the owner's
 * theme. ProfileHeader, LinkButton, SocialRow and ProductCard inside it take the theme's colours.
 */
export const LinkPage = React.forwardRef<HTMLDivElement, LinkPageProps>(function LinkPage(
  { theme = 'forest', asChild = false, className, children, ...rest },
  ref,
) {
  const Comp = asChild ? Slot.Root : 'div';
  return (
    <Comp
      ref={ref}
      data-slot="link-page"
      data-link-theme={isLinkPageTheme(theme) ? theme : 'forest'}
      className={['vd-link-page', className].filter(Boolean).join(' ')}
      {...rest}
    >
      {children}
    </Comp>
  );
});
