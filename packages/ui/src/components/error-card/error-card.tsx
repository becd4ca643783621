import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cn } from '../../utils/index.ts';
import { Button } from '../button/index.ts';

export const errorCardVariants = cva('vd-error-card', {
  variants: { align: { start: 'vd-error-card--start', center: 'vd-error-card--center' } },
  defaultVariants: { align: 'center' },
});

export interface ErrorCardProps
  extends
    Omit<ComponentPropsWithoutRef<typeof Card>, 'title' | 'children'>,
    VariantProps<typeof errorCardVariants> {
  title?: ReactNode;
  message: ReactNode;
  /** Called by the retry button; without it no button is shown. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Shows the retry button as busy while a retry is in flight. */
  retrying?: boolean;
  /** A mark above the heading, e.g. the logomark of a permission state. */
  icon?: ReactNode;
  children?: ReactNode;
}

/** A failure that the user can retry: heading, message and a retry action, announced as an alert. */
export const ErrorCard = forwardRef<HTMLDivElement, ErrorCardProps>(function ErrorCard(
  {
    title = 'Something went wrong',
    message,
    onRetry,
    retryLabel = 'Try Again',
    retrying = false,
    icon,
    align,
    className,
    children,
    ...props
  },
  ref,
) {
  const titleId = useId();
  return (
    <Card
      ref={ref}
      role="alert"
      aria-labelledby={titleId}
      data-slot="error-card"
      size="3"
      className={cn(errorCardVariants({ align }), className)}
      {...props}
    >
      <Flex direction="column" gap="3" align={align === 'start' ? 'start' : 'center'}>
        {icon ? (
          <div className="vd-error-card__icon" data-slot="error-card-icon" aria-hidden>
            {icon}
          </div>
        ) : null}
        <Heading as="h2" size="5" id={titleId} data-slot="error-card-title">
          {title}
        </Heading>
        <Text as="p" size="2" color="gray" data-slot="error-card-message">
          {message}
        </Text>
        {children}
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry} loading={retrying}>
            {retryLabel}
          </Button>
        ) : null}
      </Flex>
    </Card>
  );
});
