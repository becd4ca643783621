export { Badge, badgeToneColors, badgeVariants, type BadgeProps } from './badge.tsx';
export {
  SustainabilityBadge,
  sustainabilityBadgeVariants,
  type SustainabilityBadgeProps,
} from './sustainability-badge.tsx';
export {
  claimStatus,
  describeExpiry,
  EXPIRING_WITHIN_DAYS,
  type ClaimStatus,
} from './sustainability.ts';
