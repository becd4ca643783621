import * as React from 'react';
import { ArrowTopRightIcon } from '@radix-ui/react-icons';
import { Slot } from 'radix-ui';

export interface LinkButtonProps extends React.ComponentPropsWithoutRef<'a'> {
  /** Renders onto the single child link (e.g. a router link) instead of an `<a>`. */
  asChild?: boolean;
  /** A small image or icon at the start (decorative). */
  thumbnail?: React.ReactNode;
  /** A second line under the label, e.g. "20% off with my code". */
  description?: React.ReactNode;
  /** Highlights the link with the brand gradient (one per page). */
  featured?: boolean;
}

/** A full-width link on a link-in-bio page: label, optional thumbnail and second line. */
export const LinkButton = React.forwardRef<HTMLAnchorElement, LinkButtonProps>(function LinkButton(
  { asChild = false, thumbnail, description, featured = false, className, children, ...rest },
  ref,
) {
  const Comp = asChild ? Slot.Root : 'a';
  const inner = (label: React.ReactNode) => (
    <>
      {thumbnail ? (
        <span className="vd-link-button__thumbnail" aria-hidden>
          {thumbnail}
        </span>
      ) : null}
      <span className="vd-link-button__text">
        <span className="vd-link-button__label">{label}</span>
        {description ? <span className="vd-link-button__description">{description}</span> : null}
      </span>
      <ArrowTopRightIcon className="vd-link-button__arrow" aria-hidden />
    </>
  );
  return (
    <Comp
      ref={ref}
      data-slot="link-button"
      data-featured={featured ? '' : undefined}
      className={['vd-link-button', className].filter(Boolean).join(' ')}
      {...rest}
    >
      {asChild ? (
        <Slot.Slottable child={children}>{(label: React.ReactNode) => inner(label)}</Slot.Slottable>
      ) : (
        inner(children)
      )}
    </Comp>
  );
});
