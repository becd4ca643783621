import * as React from 'react';
import { Flex, Link, Text, Theme } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';
import { Dialog, VisuallyHidden } from 'radix-ui';
import { claimLook, claimTypeLabel } from './claim-look.ts';
import { claimStatus, describeExpiry } from './sustainability.ts';
import {
  SustainabilityIcon,
  type SustainabilityAttribute,
  type SustainabilityGlyph,
} from '../sustainability-icon/sustainability-icon.tsx';

export interface SustainabilityEvidenceDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The badge, where focus returns when the drawer closes. */
  badgeRef: React.RefObject<HTMLButtonElement | null>;
  /** The id the badge names in `aria-controls`. */
  id: string;
  claim: string;
  issuer: string;
  expiresAt?: Date | string | null;
  now?: Date;
  claimType: SustainabilityAttribute | SustainabilityGlyph;
  details?: React.ReactNode;
  evidenceLink?: React.ReactElement;
}

/**
 * The evidence drawer of a sustainability badge. A module of its own: the badge loads it the first
 * time it is activated (or hovered or focused), so pages that show badges do not carry the dialog's
 * focus trap and scroll lock until someone asks for the evidence.
 */
export default function SustainabilityEvidenceDrawer({
  open,
  onOpenChange,
  badgeRef,
  id,
  claim,
  issuer,
  expiresAt,
  now,
  claimType,
  details,
  evidenceLink,
}: SustainabilityEvidenceDrawerProps) {
  const panelRef = React.useRef<HTMLDivElement>(null);
  const status = claimStatus(expiresAt, now);
  const { color, StatusIcon, label: statusLabel } = claimLook(status);
  const typeLabel = claimTypeLabel(claimType);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Theme asChild>
          <Dialog.Overlay className="vd-evidence-drawer__overlay" />
        </Theme>
        <Theme asChild>
          <Dialog.Content
            ref={panelRef}
            id={id}
            className="vd-evidence-drawer"
            data-slot="sustainability-badge-evidence"
            aria-describedby={undefined}
            tabIndex={-1}
            onOpenAutoFocus={(event) => {
              // The drawer itself takes focus, so screen readers start at its name.
              event.preventDefault();
              panelRef.current?.focus();
            }}
            onCloseAutoFocus={(event) => {
              // Back to the badge that opened it.
              event.preventDefault();
              badgeRef.current?.focus();
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
                  {statusLabel}
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
}
