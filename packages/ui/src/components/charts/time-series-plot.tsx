import * as React from 'react';
import {
  CartesianGrid,
  ComposedChart,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type LegendType,
  type TooltipContentProps,
  type XAxisTickContentProps,
} from 'recharts';
import { ChartTooltipContent } from './chart-tooltip.tsx';
import {
  assignAxes,
  axisPeaks,
  axisWholeNumbers,
  axisWidth,
  dateLabelWidth,
  dateTickIndices,
  seriesColor,
  toDate,
  type ChartDatum,
  type ChartFormatters,
  type ChartSeries,
} from './time-series.ts';

/** Recharts styling in the dark theme's tokens, the same for every time-series chart. */
const axisTick = { fill: 'var(--gray-11)', fontSize: 12 };
const axisLine = { stroke: 'var(--gray-a6)' };
const gridStroke = 'var(--gray-a4)';
const legendStyle: React.CSSProperties = {
  fontSize: 'var(--font-size-1)',
  color: 'var(--gray-11)',
};

/** What a chart needs to draw one series: its colour, axis and area gradient. */
export interface SeriesMark {
  color: string;
  /** The y axis id ('left' or 'right'). */
  axis: 'left' | 'right';
  /** `url(#…)` of a vertical gradient from the series colour to transparent. */
  areaFill: string;
  /** `url(#…)` of a vertical gradient from the series colour to a lighter tint of it, for bars. */
  barFill: string;
}

interface TimeSeriesPlotProps<T extends ChartDatum> {
  data: readonly T[];
  series: readonly ChartSeries<T>[];
  formatters: ChartFormatters;
  /** What the tooltip draws under the pointer. */
  cursor: React.ComponentProps<typeof Tooltip>['cursor'];
  /** Legend marker, shown when there is more than one series. */
  legendIcon: LegendType;
  /** The mark (bar, line, area…) of one series. */
  renderSeries: (series: ChartSeries<T>, mark: SeriesMark) => React.ReactElement;
}

/**
 * The plot every time-series chart shares: dates along the x axis, compact values up the y axis
 * (a second axis on the right when one series is much smaller than another), a horizontal grid, the
 * kit's tooltip and, for several series, a legend. Charts differ only in their marks.
 */
export function TimeSeriesPlot<T extends ChartDatum>({
  data,
  series,
  formatters: { formatValue, formatDate, formatTick },
  cursor,
  legendIcon,
  renderSeries,
}: TimeSeriesPlotProps<T>) {
  const id = React.useId().replace(/:/g, '');
  const axes = assignAxes(data, series);
  const peaks = axisPeaks(data, series, axes);
  const whole = axisWholeNumbers(data, series, axes);
  const hasRight = axes.includes('right');
  const colors = series.map((s, i) => seriesColor(s, i));
  const rightColor = colors[axes.indexOf('right')] ?? 'var(--gray-11)';
  const margin = { top: 8, right: hasRight ? 4 : 16, bottom: 0, left: 4 };
  // The x axis labels every n-th date, evenly (see `dateTickIndices`), for the plot's width.
  const [width, setWidth] = React.useState(0);
  const times = data.map((d) => toDate(d.date).getTime());
  const plotWidth =
    width -
    margin.left -
    margin.right -
    axisWidth(peaks.left, formatTick) -
    (hasRight ? axisWidth(peaks.right, formatTick) : 0);
  const longest = Math.max(0, ...times.map((t) => formatDate(new Date(t)).length));
  // The last date's label, centred on its point, would reach past the chart's edge when half of it
  // is wider than half a slot and the margin: then it ends at its point instead, and the labels
  // keep that much more room between them, so it never touches the one before.
  const halfLabel = dateLabelWidth(longest) / 2 - 8;
  const lastEnds = halfLabel > plotWidth / Math.max(times.length, 1) / 2 + margin.right;
  const ticks = dateTickIndices(
    times.length,
    plotWidth,
    dateLabelWidth(longest) + (lastEnds ? halfLabel : 0),
  ).map((i) => times[i]!);
  const lastTime = times.at(-1);
  return (
    <ResponsiveContainer width="100%" height="100%" onResize={(w) => setWidth(w)}>
      <ComposedChart data={[...data]} margin={margin} accessibilityLayer={false}>
        <defs>
          {series.map((s, i) => (
            <linearGradient key={s.key} id={`${id}-${s.key}`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={colors[i]} stopOpacity={0.32} />
              <stop offset="100%" stopColor={colors[i]} stopOpacity={0} />
            </linearGradient>
          ))}
          {series.map((s, i) => (
            <linearGradient key={s.key} id={`${id}-${s.key}-bar`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={colors[i]} stopOpacity={1} />
              <stop offset="100%" stopColor={colors[i]} stopOpacity={0.55} />
            </linearGradient>
          ))}
        </defs>
        <CartesianGrid stroke={gridStroke} vertical={false} yAxisId="left" />
        <XAxis
          dataKey={(d: T) => toDate(d.date).getTime()}
          type="category"
          tickFormatter={(t: number) => formatDate(new Date(t))}
          // The last date's label ends at its point where centring it would cross the edge.
          tick={(props: XAxisTickContentProps) => (
            <text
              className="recharts-cartesian-axis-tick-value"
              x={props.x}
              y={props.y}
              dy="0.71em"
              textAnchor={lastEnds && props.payload.value === lastTime ? 'end' : 'middle'}
              {...axisTick}
            >
              {formatDate(new Date(Number(props.payload.value)))}
            </text>
          )}
          axisLine={axisLine}
          tickLine={false}
          ticks={width > 0 ? ticks : undefined}
          interval={width > 0 ? 0 : 'preserveEnd'}
        />
        <YAxis
          yAxisId="left"
          allowDecimals={!whole.left}
          tickFormatter={formatTick}
          tick={axisTick}
          axisLine={false}
          tickLine={false}
          width={axisWidth(peaks.left, formatTick)}
        />
        {hasRight ? (
          <YAxis
            yAxisId="right"
            orientation="right"
            allowDecimals={!whole.right}
            tickFormatter={formatTick}
            tick={{ ...axisTick, fill: rightColor }}
            axisLine={false}
            tickLine={false}
            width={axisWidth(peaks.right, formatTick)}
          />
        ) : null}
        <Tooltip
          content={(props) => (
            <ChartTooltipContent
              {...(props as Partial<TooltipContentProps<number, string>>)}
              formatDate={formatDate}
              formatValue={formatValue}
            />
          )}
          cursor={cursor}
        />
        {series.length > 1 ? (
          <Legend
            wrapperStyle={legendStyle}
            iconType={legendIcon}
            itemSorter={null}
            formatter={(value: string) =>
              hasRight && axes[series.findIndex((s) => s.label === value)] === 'right'
                ? `${value} (right axis)`
                : value
            }
          />
        ) : null}
        {series.map((s, i) =>
          renderSeries(s, {
            color: colors[i] ?? 'var(--accent-9)',
            axis: axes[i] ?? 'left',
            areaFill: `url(#${id}-${s.key})`,
            barFill: `url(#${id}-${s.key}-bar)`,
          }),
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
