import { LockClosedIcon } from '@radix-ui/react-icons';
import { forwardRef } from 'react';
import { cn } from '../../utils/index.ts';
import { ErrorCard, type ErrorCardProps } from '../error-card/index.ts';
import { Logomark } from '../logomark/logomark.tsx';

/** Spec §2 wording for a signed-in user without a required role. */
export function accessDeniedMessage(roles: readonly string[]): string {
  return `Access denied. This feature requires one of the following roles: ${roles.join(', ')}`;
}

export interface AccessDeniedCardProps extends Omit<
  ErrorCardProps,
  'title' | 'message' | 'onRetry' | 'retryLabel' | 'icon'
> {
  /** The roles the feature accepts, e.g. ['admin', 'merchant']. */
  roles: readonly string[];
  /** Called by 'Try Again'; the apps go back in history. */
  onTryAgain: () => void;
}

/** The route guard's card: 'Something went wrong' / 'Access denied. …' / 'Try Again' (spec §2). */
export const AccessDeniedCard = forwardRef<HTMLDivElement, AccessDeniedCardProps>(
  function AccessDeniedCard({ roles, onTryAgain, className, ...props }, ref) {
    return (
      <ErrorCard
        ref={ref}
        data-slot="access-denied-card"
        title="Something went wrong"
        message={accessDeniedMessage(roles)}
        onRetry={onTryAgain}
        retryLabel="Try Again"
        className={cn('vd-access-denied-card', className)}
        icon={
          <span className="vd-access-denied-card__emblem">
            <Logomark size={28} />
            <span className="vd-access-denied-card__lock">
              <LockClosedIcon width={12} height={12} />
            </span>
          </span>
        }
        {...props}
      />
    );
  },
);
