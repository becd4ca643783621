import * as React from 'react';
import { Flex, Link, Popover, Text } from '@radix-ui/themes';
import { CheckCircledIcon, ClockIcon, CrossCircledIcon } from '@radix-ui/react-icons';
import { cva, type VariantProps } from 'class-variance-authority';
import { badgeToneColors } from './badge';
import { claimStatus, describeExpiry, type ClaimStatus } from './sustainability';

export const sustainabilityBadgeVariants = cva('vd-sustainability-badge', {
  variants: {
    size: { '1': 'vd-sustainability-badge--size-1', '2': 'vd-sustainability-badge--size-2' },
  },
  defaultVariants: { size: '2' },
});

export interface SustainabilityBadgeProps
  extends
    Omit<React.ComponentPropsWithoutRef<'button'>, 'children'>,
    VariantProps<typeof sustainabilityBadgeVariants> {
  /** The claim, e.g. "Carbon neutral shipping". */
  claim: string;
  /** Who certified it, e.g. "Climate Partner". */
  issuer: string;
  /** When the certificate ends. */
  expiresAt: Date | string;
  /**
   * A link to the evidence, rendered through `asChild` so any link component works:
   * `<a href="…">View certificate</a>` or a router link.
   */
  evidenceLink?: React.ReactElement;
  /** Reference time for the expiry state; defaults to now. */
  now?: Date;
}

const statusTone = {
  valid: 'success',
  expiring: 'warning',
  expired: 'neutral',
} as const satisfies Record<ClaimStatus, keyof typeof badgeToneColors>;
const statusIcon = {
  valid: CheckCircledIcon,
  expiring: ClockIcon,
  expired: CrossCircledIcon,
} as const;
const statusLabel = { valid: 'Verified', expiring: 'Expiring soon', expired: 'Expired' } as const;

/**
 * A sustainability claim badge. Activating it (click, Enter or Space) opens the evidence panel with
 * the claim, issuer, expiry and a link to the evidence. A popover rather than a hover tooltip,
 * so the evidence link is reachable by keyboard and touch.
 */
export const SustainabilityBadge = React.forwardRef<HTMLButtonElement, SustainabilityBadgeProps>(
  function SustainabilityBadge(
    { claim, issuer, expiresAt, evidenceLink, now, size, className, ...rest },
    ref,
  ) {
    const status = claimStatus(expiresAt, now);
    const Icon = statusIcon[status];
    const color = badgeToneColors[statusTone[status]];
    return (
      <Popover.Root>
        <Popover.Trigger>
          <button
            ref={ref}
            type="button"
            data-slot="sustainability-badge"
            data-status={status}
            data-accent-color={color}
            aria-label={`${claim}, ${statusLabel[status].toLowerCase()}. Show evidence`}
            className={sustainabilityBadgeVariants({ size, className })}
            {...rest}
          >
            <Icon aria-hidden />
            <span className="vd-sustainability-badge__claim">{claim}</span>
          </button>
        </Popover.Trigger>
        <Popover.Content
          size="1"
          maxWidth="320px"
          data-slot="sustainability-badge-evidence"
          aria-label={`Evidence for ${claim}`}
        >
          <Flex direction="column" gap="2">
            <Text as="p" size="2" weight="bold">
              {claim}
            </Text>
            <Text as="p" size="2" data-slot="sustainability-badge-status" data-status={status}>
              <Icon aria-hidden className="vd-sustainability-badge__status-icon" />{' '}
              {statusLabel[status]}
            </Text>
            <dl className="vd-sustainability-badge__facts">
              <dt>Certified by</dt>
              <dd>{issuer}</dd>
              <dt>Certificate</dt>
              <dd>{describeExpiry(expiresAt, now)}</dd>
            </dl>
            {evidenceLink ? (
              <Link asChild size="2" data-slot="sustainability-badge-link">
                {evidenceLink}
              </Link>
            ) : null}
          </Flex>
        </Popover.Content>
      </Popover.Root>
    );
  },
);
