export {
  StatCard,
  statCardDeltaVariants,
  statCardVariants,
  type StatCardProps,
} from './stat-card.tsx';
export { describeDelta, formatDelta, trendOf, type Trend } from './stat-delta.ts';
