import * as React from 'react';
import { Card, Text, VisuallyHidden } from '@radix-ui/themes';
import { ArrowDownIcon, ArrowRightIcon, ArrowUpIcon } from '@radix-ui/react-icons';
import { cva, type VariantProps } from 'class-variance-authority';
import { Skeleton } from '../skeleton/index.ts';
import { SPARKLINE_HEIGHT, SPARKLINE_WIDTH, sparklinePaths } from './sparkline.ts';
import { describeDelta, formatDelta, trendOf } from './stat-delta.ts';

export const statCardDeltaVariants = cva('vd-stat-card__delta', {
  variants: {
    sentiment: {
      positive: 'vd-stat-card__delta--positive',
      negative: 'vd-stat-card__delta--negative',
      neutral: 'vd-stat-card__delta--neutral',
    },
  },
  defaultVariants: { sentiment: 'neutral' },
});

export const statCardVariants = cva('vd-stat-card', {
  variants: {
    size: { '1': 'vd-stat-card--size-1', '2': 'vd-stat-card--size-2' },
  },
  defaultVariants: { size: '2' },
});

export interface StatCardProps
  extends
    Omit<React.ComponentPropsWithoutRef<'div'>, 'children'>,
    VariantProps<typeof statCardVariants> {
  /** What is measured, e.g. "Clicks". */
  label: string;
  /** The formatted figure, e.g. "12,480" or "$1,204.50". */
  value: React.ReactNode;
  /** Relative change against the comparison period: 0.125 = +12.5 %. */
  delta?: number;
  /** The comparison period, e.g. "vs last month". Shown only with `delta`. */
  deltaLabel?: string;
  /**
   * A line under the figure that qualifies it, e.g. "1,204 unique" or "$12.00 approved · $40.00
   * paid". Unlike `deltaLabel` it needs no delta.
   */
  detail?: React.ReactNode;
  /** Set when a fall is good news (e.g. refunds), so a decrease shows as positive. */
  lowerIsBetter?: boolean;
  icon?: React.ReactNode;
  loading?: boolean;
  /**
   * Recent values, oldest first, drawn as a small line in the delta's colour. Decorative: the
   * figure and the delta carry the meaning.
   */
  sparkline?: readonly number[];
}

const trendIcons = { up: ArrowUpIcon, down: ArrowDownIcon, flat: ArrowRightIcon } as const;

/** One key figure of a dashboard with its change and trend. */
export const StatCard = React.forwardRef<HTMLDivElement, StatCardProps>(function StatCard(
  {
    label,
    value,
    delta,
    deltaLabel,
    detail,
    lowerIsBetter = false,
    icon,
    loading = false,
    sparkline,
    size,
    className,
    ...rest
  },
  ref,
) {
  const labelId = React.useId();
  const trend = delta === undefined ? undefined : trendOf(delta);
  const sentiment =
    trend === undefined || trend === 'flat'
      ? 'neutral'
      : (trend === 'up') !== lowerIsBetter
        ? 'positive'
        : 'negative';
  const TrendIcon = trend ? trendIcons[trend] : null;
  const paths = sparkline ? sparklinePaths(sparkline) : null;
  const gradientId = `${labelId.replace(/:/g, '')}-spark`;
  return (
    <Card
      ref={ref}
      role="group"
      aria-labelledby={labelId}
      aria-busy={loading || undefined}
      data-slot="stat-card"
      className={statCardVariants({ size, className })}
      {...rest}
    >
      <div className="vd-stat-card__header">
        <Text id={labelId} as="p" size="2" color="gray" data-slot="stat-card-label">
          {label}
        </Text>
        {icon ? (
          <span className="vd-stat-card__icon" aria-hidden data-slot="stat-card-icon">
            {icon}
          </span>
        ) : null}
      </div>
      {loading ? (
        <>
          <Skeleton className="vd-stat-card__value-skeleton" width="60%" />
          <Skeleton shape="text" width="40%" />
        </>
      ) : (
        <>
          <Text as="p" weight="bold" className="vd-stat-card__value" data-slot="stat-card-value">
            {value}
          </Text>
          {delta !== undefined && trend && TrendIcon ? (
            <p
              className={statCardDeltaVariants({ sentiment })}
              data-slot="stat-card-delta"
              data-trend={trend}
            >
              <span aria-hidden className="vd-stat-card__delta-figure">
                <TrendIcon />
                {formatDelta(delta)}
              </span>
              {deltaLabel ? (
                <span aria-hidden className="vd-stat-card__delta-label">
                  {deltaLabel}
                </span>
              ) : null}
              <VisuallyHidden>{describeDelta(delta, deltaLabel)}</VisuallyHidden>
            </p>
          ) : null}
          {detail != null && detail !== '' ? (
            <Text
              as="p"
              size="1"
              color="gray"
              className="vd-stat-card__detail"
              data-slot="stat-card-detail"
            >
              {detail}
            </Text>
          ) : null}
          {paths ? (
            <svg
              className="vd-stat-card__sparkline"
              data-slot="stat-card-sparkline"
              data-sentiment={sentiment}
              viewBox={`0 0 ${SPARKLINE_WIDTH} ${SPARKLINE_HEIGHT}`}
              preserveAspectRatio="none"
              aria-hidden
              focusable="false"
            >
              <defs>
                <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor="currentColor" stopOpacity={0.3} />
                  <stop offset="100%" stopColor="currentColor" stopOpacity={0} />
                </linearGradient>
              </defs>
              <path d={paths.area} fill={`url(#${gradientId})`} />
              <path
                d={paths.line}
                fill="none"
                stroke="currentColor"
                strokeWidth={1.5}
                vectorEffect="non-scaling-stroke"
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            </svg>
          ) : null}
        </>
      )}
    </Card>
  );
});
