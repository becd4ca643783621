import * as React from 'react';
import { Button, Text, VisuallyHidden } from '@radix-ui/themes';
import { TableIcon } from '@radix-ui/react-icons';
import { cva, type VariantProps } from 'class-variance-authority';
import { EmptyState } from '../empty-state/index.ts';
import { Skeleton } from '../skeleton/index.ts';
import {
  defaultFormatDate,
  defaultFormatTick,
  defaultFormatValue,
  summariseSeries,
  toDate,
  valueOf,
  type ChartDatum,
  type ChartFormatters,
  type ChartSeries,
} from './time-series.ts';

export const chartVariants = cva('vd-chart', {
  variants: {
    /** `card` draws the chart on a panel; `plain` leaves the surface to the parent (e.g. a Card). */
    surface: { card: 'vd-chart--card', plain: '' },
  },
  defaultVariants: { surface: 'plain' },
});

export interface TimeSeriesChartProps<T extends ChartDatum>
  extends
    Omit<React.ComponentPropsWithoutRef<'figure'>, 'title' | 'children'>,
    VariantProps<typeof chartVariants>,
    Partial<ChartFormatters> {
  /** What the chart shows, e.g. "Clicks per day". Its caption and the start of its text alternative. */
  title: string;
  description?: React.ReactNode;
  /** Points in time order. */
  data: readonly T[];
  series: readonly ChartSeries<T>[];
  /** Plot height in pixels. */
  height?: number;
  loading?: boolean;
  /** Shown instead of the plot when `data` is empty. */
  emptyState?: React.ReactNode;
  /** Animate on first draw; `auto` follows prefers-reduced-motion. */
  animate?: boolean | 'auto';
}

interface ChartFrameProps<T extends ChartDatum> extends Omit<TimeSeriesChartProps<T>, 'animate'> {
  /**
   * Draws the plot (recharts) once data is present; a plot whose code is still loading shows a
   * skeleton in the plot's box meanwhile.
   */
  renderPlot: (formatters: ChartFormatters) => React.ReactNode;
}

function ChartFrameImpl<T extends ChartDatum>(
  {
    title,
    description,
    data,
    series,
    height = 240,
    loading = false,
    emptyState,
    formatValue = defaultFormatValue,
    formatDate = defaultFormatDate,
    formatTick = defaultFormatTick,
    surface,
    className,
    renderPlot,
    ...rest
  }: ChartFrameProps<T>,
  ref: React.ForwardedRef<HTMLElement>,
) {
  const [tableShown, setTableShown] = React.useState(false);
  const tableId = React.useId();
  const titleId = React.useId();
  const formatters = { formatValue, formatDate, formatTick };
  const hasData = data.length > 0;

  const table = (
    <table className="vd-chart__table" id={tableId} data-slot="chart-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          {series.map((s) => (
            <th scope="col" key={s.key}>
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.map((d) => {
          const date = toDate(d.date);
          return (
            <tr key={date.getTime()}>
              <th scope="row">{formatDate(date)}</th>
              {series.map((s) => {
                const value = valueOf(d, s.key);
                return <td key={s.key}>{value === null ? '—' : formatValue(value)}</td>;
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );

  return (
    <figure
      ref={ref}
      data-slot="chart"
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      className={chartVariants({ surface, className })}
      {...rest}
    >
      <figcaption className="vd-chart__header" data-slot="chart-header">
        <span className="vd-chart__titles">
          <Text as="span" id={titleId} size="3" weight="medium" className="vd-chart__title">
            {title}
          </Text>
          {description ? (
            <Text as="span" size="2" color="gray">
              {description}
            </Text>
          ) : null}
        </span>
        {hasData && !loading ? (
          <Button
            type="button"
            size="1"
            variant="soft"
            color="gray"
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
            data-slot="chart-table-toggle"
          >
            <TableIcon aria-hidden />
            {tableShown ? 'Hide table' : 'Show table'}
          </Button>
        ) : null}
      </figcaption>
      {loading ? (
        <>
          <Skeleton style={{ height }} data-slot="chart-skeleton" />
          <VisuallyHidden role="status">Loading {title}…</VisuallyHidden>
        </>
      ) : !hasData ? (
        (emptyState ?? (
          <EmptyState
            size="1"
            bordered
            title="No data yet"
            description="Figures appear here once there is activity."
          />
        ))
      ) : (
        <>
          <div
            role="img"
            aria-label={summariseSeries(title, data, series, formatters)}
            className="vd-chart__plot"
            style={{ height }}
            data-slot="chart-plot"
          >
            <React.Suspense fallback={<Skeleton style={{ height: '100%' }} />}>
              {renderPlot(formatters)}
            </React.Suspense>
          </div>
          {tableShown ? (
            <div className="vd-chart__table-scroll">{table}</div>
          ) : (
            <VisuallyHidden>{table}</VisuallyHidden>
          )}
        </>
      )}
    </figure>
  );
}

export const ChartFrame = React.forwardRef(ChartFrameImpl) as <T extends ChartDatum>(
  props: ChartFrameProps<T> & { ref?: React.Ref<HTMLElement> },
) => React.ReactElement | null;
