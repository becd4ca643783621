export { StatCard, statCardDeltaVariants, statCardVariants, type StatCardProps } from './stat-card';
export { describeDelta, formatDelta, trendOf, type Trend } from './stat-delta';
