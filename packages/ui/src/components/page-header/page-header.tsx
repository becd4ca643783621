import * as React from 'react';
import { Heading, Text } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';

export const pageHeaderVariants = cva('vd-page-header', {
  variants: {
    /** `divider` draws a rule under the header, for pages whose content starts with a table. */
    divider: { true: 'vd-page-header--divider', false: '' },
  },
  defaultVariants: { divider: false },
});

export interface PageHeaderProps
  extends
    Omit<React.ComponentPropsWithoutRef<'header'>, 'title'>,
    VariantProps<typeof pageHeaderVariants> {
  /** The page's heading (an `h1`). */
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Breadcrumb or back link above the title; pass link elements (router links work). */
  breadcrumbs?: React.ReactNode;
  /** Page-level actions (buttons, a dropdown menu), shown at the end and wrapping below on narrow screens. */
  actions?: React.ReactNode;
  /** Extra content after the title, e.g. a status badge. */
  meta?: React.ReactNode;
}

/** The title block at the top of a page: breadcrumbs, `h1`, description and actions. */
export const PageHeader = React.forwardRef<HTMLElement, PageHeaderProps>(function PageHeader(
  { title, description, breadcrumbs, actions, meta, divider, className, ...rest },
  ref,
) {
  return (
    <header
      ref={ref}
      data-slot="page-header"
      className={pageHeaderVariants({ divider, className })}
      {...rest}
    >
      {breadcrumbs ? (
        <nav
          aria-label="Breadcrumb"
          className="vd-page-header__breadcrumbs"
          data-slot="page-header-breadcrumbs"
        >
          {breadcrumbs}
        </nav>
      ) : null}
      <div className="vd-page-header__row">
        <div className="vd-page-header__text">
          <div className="vd-page-header__title-row">
            <Heading
              as="h1"
              size={{ initial: '6', md: '7' }}
              data-slot="page-header-title"
              className="vd-page-header__title"
            >
              {title}
            </Heading>
            {meta}
          </div>
          {description ? (
            <Text
              as="p"
              size="3"
              color="gray"
              data-slot="page-header-description"
              className="vd-page-header__description"
            >
              {description}
            </Text>
          ) : null}
        </div>
        {actions ? (
          <div className="vd-page-header__actions" data-slot="page-header-actions">
            {actions}
          </div>
        ) : null}
      </div>
    </header>
  );
});
