import { CheckCircledIcon, ClockIcon, CrossCircledIcon } from '@radix-ui/react-icons';
import { badgeToneColors } from './badge.tsx';
import type { ClaimStatus } from './sustainability.ts';
import {
  sustainabilityAttributeLabel,
  type SustainabilityAttribute,
  type SustainabilityGlyph,
} from '../sustainability-icon/sustainability-icon.tsx';

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

/** How a claim's status shows, on the badge and in its evidence drawer: colour, icon and words. */
export function claimLook(status: ClaimStatus) {
  return {
    color: badgeToneColors[statusTone[status]],
    StatusIcon: statusIcon[status],
    label: statusLabel[status],
  };
}

/** The claim type's name for an attribute (`Carbon neutral`), none for a glyph family. */
export function claimTypeLabel(
  claimType: SustainabilityAttribute | SustainabilityGlyph,
): string | null {
  return claimType === 'seal' ||
    claimType === 'leaf' ||
    claimType === 'cycle' ||
    claimType === 'tool'
    ? null
    : sustainabilityAttributeLabel(claimType);
}
