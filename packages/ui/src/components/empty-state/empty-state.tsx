import * as React from 'react';
import { Heading, Text } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { EmptyStateIllustration, type EmptyStateIllustrationName } from './illustration.tsx';

export const emptyStateVariants = cva('vd-empty-state', {
  variants: {
    size: { '1': 'vd-empty-state--size-1', '2': 'vd-empty-state--size-2' },
    bordered: { true: 'vd-empty-state--bordered', false: '' },
  },
  defaultVariants: { size: '2', bordered: false },
});

export interface EmptyStateProps
  extends
    Omit<React.ComponentPropsWithoutRef<'div'>, 'title'>,
    VariantProps<typeof emptyStateVariants> {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Decorative icon; hidden from assistive technology. */
  icon?: React.ReactNode;
  /** A decorative illustration instead of the icon: links, products, sales, search, messages or lost. */
  illustration?: EmptyStateIllustrationName;
  /** A call to action, e.g. a Button (use `asChild` on it for links). */
  action?: React.ReactNode;
  /** Heading level of the title, so it fits the page outline (1 when it is the whole page, e.g. "not found"). */
  headingLevel?: 1 | 2 | 3 | 4;
}

/** What a list, table or chart shows when there is nothing in it yet. */
export const EmptyState = React.forwardRef<HTMLDivElement, EmptyStateProps>(function EmptyState(
  {
    title,
    description,
    icon,
    illustration,
    action,
    headingLevel = 3,
    size,
    bordered,
    className,
    ...rest
  },
  ref,
) {
  const small = size === '1';
  return (
    <div
      ref={ref}
      data-slot="empty-state"
      className={emptyStateVariants({ size, bordered, className })}
      {...rest}
    >
      {illustration ? (
        <EmptyStateIllustration name={illustration} className="vd-empty-state__illustration" />
      ) : icon ? (
        <div className="vd-empty-state__icon" aria-hidden data-slot="empty-state-icon">
          {icon}
        </div>
      ) : null}
      <Heading as={`h${headingLevel}`} size={small ? '3' : '4'} data-slot="empty-state-title">
        {title}
      </Heading>
      {description ? (
        <Text
          as="p"
          size={small ? '1' : '2'}
          color="gray"
          className="vd-empty-state__description"
          data-slot="empty-state-description"
        >
          {description}
        </Text>
      ) : null}
      {action ? (
        <div className="vd-empty-state__action" data-slot="empty-state-action">
          {action}
        </div>
      ) : null}
    </div>
  );
});
