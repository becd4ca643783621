import * as React from 'react';
import { Flex, Link, Text, Theme } from '@radix-ui/themes';
import { CheckCircledIcon, ClockIcon, Cross2Icon, CrossCircledIcon } from '@radix-ui/react-icons';
import { Dialog, VisuallyHidden } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { badgeToneColors } from './badge.tsx';
import { claimStatus, describeExpiry, type ClaimStatus } from './sustainability.ts';
import {
  SustainabilityIcon,
  sustainabilityAttributeLabel,
  type SustainabilityAttribute,
  type SustainabilityGlyph,
} from '../sustainability-icon/sustainability-icon.tsx';

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
  /**
   * The claim type: an attribute (`carbon-neutral`, `recycled`, …) or a glyph family. It picks the
   * badge's icon (seals for certifications, leaves for materials, cycles, tools); default `seal`.
   */
  claimType?: SustainabilityAttribute | SustainabilityGlyph;
  /** More evidence for the drawer, e.g. the scope of the certificate or a CO2e figure. */
  details?: React.ReactNode;
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
 * A sustainability claim badge: the claim type's icon, the claim and its status colour. Activating
 * it (click, Enter or Space) opens the evidence drawer with the claim, its status, issuer, expiry,
 * further details and a link to the evidence; Escape or "Close" returns to the badge.
 */
export const SustainabilityBadge = React.forwardRef<HTMLButtonElement, SustainabilityBadgeProps>(
  function SustainabilityBadge(
    {
      claim,
      issuer,
      expiresAt,
      evidenceLink,
      now,
      claimType = 'seal',
      details,
      size,
      className,
      ...rest
    },
    ref,
  ) {
    const status = claimStatus(expiresAt, now);
    const StatusIcon = statusIcon[status];
    const color = badgeToneColors[statusTone[status]];
    const panelRef = React.useRef<HTMLDivElement>(null);
    const typeLabel =
      claimType === 'seal' || claimType === 'leaf' || claimType === 'cycle' || claimType === 'tool'
        ? null
        : sustainabilityAttributeLabel(claimType);
    return (
      <Dialog.Root>
        <Dialog.Trigger asChild>
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
            <SustainabilityIcon glyph={claimType} size={size === '1' ? 13 : 15} />
            <span className="vd-sustainability-badge__claim">{claim}</span>
            {status === 'valid' ? null : (
              <StatusIcon aria-hidden className="vd-sustainability-badge__status-mark" />
            )}
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Theme asChild>
            <Dialog.Overlay className="vd-evidence-drawer__overlay" />
          </Theme>
          <Theme asChild>
            <Dialog.Content
              ref={panelRef}
              className="vd-evidence-drawer"
              data-slot="sustainability-badge-evidence"
              aria-describedby={undefined}
              tabIndex={-1}
              onOpenAutoFocus={(event) => {
                // The drawer itself takes focus, so screen readers start at its name.
                event.preventDefault();
                panelRef.current?.focus();
              }}
            >
              <Flex direction="column" gap="4" height="100%">
                <div
                  className="vd-evidence-drawer__seal"
                  data-accent-color={color}
                  data-status={status}
                >
                  <SustainabilityIcon glyph={claimType} size={28} />
                </div>
                <Flex direction="column" gap="1">
                  {typeLabel ? (
                    <Text as="p" size="1" color="gray" className="vd-evidence-drawer__type">
                      {typeLabel}
                    </Text>
                  ) : null}
                  <Dialog.Title asChild>
                    <Text as="p" size="4" weight="bold">
                      <VisuallyHidden.Root>Evidence for </VisuallyHidden.Root>
                      {claim}
                    </Text>
                  </Dialog.Title>
                  <Text
                    as="p"
                    size="2"
                    data-slot="sustainability-badge-status"
                    data-status={status}
                    className="vd-evidence-drawer__status"
                  >
                    <StatusIcon aria-hidden className="vd-sustainability-badge__status-icon" />{' '}
                    {statusLabel[status]}
                  </Text>
                </Flex>
                <dl className="vd-sustainability-badge__facts">
                  <dt>Certified by</dt>
                  <dd>{issuer}</dd>
                  <dt>Certificate</dt>
                  <dd>{describeExpiry(expiresAt, now)}</dd>
                </dl>
                {details ? (
                  <div className="vd-evidence-drawer__details" data-slot="evidence-details">
                    {details}
                  </div>
                ) : null}
                {evidenceLink ? (
                  <Link asChild size="2" data-slot="sustainability-badge-link">
                    {evidenceLink}
                  </Link>
                ) : null}
                <Dialog.Close asChild>
                  <button type="button" className="vd-evidence-drawer__close">
                    <Cross2Icon aria-hidden />
                    Close
                  </button>
                </Dialog.Close>
              </Flex>
            </Dialog.Content>
          </Theme>
        </Dialog.Portal>
      </Dialog.Root>
    );
  },
);
