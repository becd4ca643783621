export { Badge, badgeToneColors, badgeVariants, type BadgeProps } from './badge';
export {
  SustainabilityBadge,
  sustainabilityBadgeVariants,
  type SustainabilityBadgeProps,
} from './sustainability-badge';
export {
  claimStatus,
  describeExpiry,
  EXPIRING_WITHIN_DAYS,
  type ClaimStatus,
} from './sustainability';
