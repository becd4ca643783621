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
  dateTickLayout,
  seriesColor,
  toDate,
  type ChartDatum,
  type ChartFormatters,
  type ChartSeries,
  type DatePlacement,
} from './time-series.ts';

/** Recharts styling in the dark theme's tokens, the same for every time-series chart. */
const axisTick = { fill: 'var(--gray-11)', fontSize: 12 };
const axisLine = { stroke: 'var(--gray-a6)' };
const gridStroke = 'var(--gray-a4)';
const legendStyle: React.CSSProperties = {
  fontSize: 'var(--font-size-1)',
  color: 'var(--gray-11)',
};

/** A canvas context for measuring label text: made on first use, null where there is none. */
let measuringContext: CanvasRenderingContext2D | null | undefined;

/** The CSS font of the axis labels inside `element`: its font at the tick size. */
function tickFont(element: Element): string {
  const style = getComputedStyle(element);
  return `${style.fontStyle} ${style.fontWeight} ${axisTick.fontSize}px ${style.fontFamily}`;
}

/**
 * The width in pixels of the widest of `labels` drawn in `font.css`, or 0 where text cannot be
 * measured (no font known yet, no canvas).
 */
function widestLabel(labels: readonly string[], font: { css: string }): number {
  if (!font.css || typeof document === 'undefined') return 0;
  if (measuringContext === undefined) {
    try {
      measuringContext = document.createElement('canvas').getContext('2d');
    } catch {
      measuringContext = null;
    }
  }
  if (!measuringContext) return 0;
  measuringContext.font = font.css;
  return Math.max(0, ...labels.map((label) => measuringContext!.measureText(label).width));
}

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
  /** Where the dates sit along the x axis: mid-slot for bars, edge to edge for lines. */
  placement: DatePlacement;
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
  placement,
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
  const container = React.useRef<HTMLDivElement>(null);
  // The font the labels are drawn in, read once the chart is laid out and again when web fonts
  // finish loading, so they are measured in the font they are drawn in (an object, so that
  // setting the same font again after a web font has loaded measures again).
  const [font, setFont] = React.useState({ css: '' });
  React.useEffect(() => {
    const fonts = typeof document === 'undefined' ? undefined : document.fonts;
    if (!fonts) return;
    const remeasure = () => setFont({ css: container.current ? tickFont(container.current) : '' });
    fonts.addEventListener('loadingdone', remeasure);
    return () => fonts.removeEventListener('loadingdone', remeasure);
  }, []);
  const times = data.map((d) => toDate(d.date).getTime());
  const leftAxis = axisWidth(peaks.left, formatTick);
  const plotWidth =
    width -
    margin.left -
    margin.right -
    leftAxis -
    (hasRight ? axisWidth(peaks.right, formatTick) : 0);
  const labels = times.map((t) => formatDate(new Date(t)));
  const longest = Math.max(0, ...labels.map((label) => label.length));
  const measured = widestLabel(labels, font);
  // The estimate by characters, or the measured width where a label is wider than that.
  const textWidth = Math.max(dateLabelWidth(longest) - dateLabelWidth(0), Math.ceil(measured));
  // A date label centred on its point would reach past the chart's edge when half of it is wider
  // than the room beyond the point: a line's last point sits on the plot's right edge, a bar's in
  // the middle of its slot. Such a first or last label starts or ends at its point instead (the
  // right axis, when there is one, is left clear of the dates).
  const { indices, firstStarts, lastEnds } = dateTickLayout({
    count: times.length,
    width: plotWidth,
    textWidth,
    placement,
    roomLeft: margin.left + leftAxis,
    roomRight: margin.right,
  });
  const ticks = indices.map((i) => times[i]!);
  const firstTime = ticks[0];
  const lastTime = times.at(-1);
  return (
    <ResponsiveContainer
      ref={container}
      width="100%"
      height="100%"
      onResize={(w) => {
        setWidth(w);
        if (!font.css && container.current) setFont({ css: tickFont(container.current) });
      }}
    >
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
          scale={placement}
          tickFormatter={(t: number) => formatDate(new Date(t))}
          // The first and last labels start and end at their points where centring them would
          // cross the chart's edge.
          tick={(props: XAxisTickContentProps) => (
            <text
              className="recharts-cartesian-axis-tick-value"
              x={props.x}
              y={props.y}
              dy="0.71em"
              textAnchor={
                lastEnds && props.payload.value === lastTime
                  ? 'end'
                  : firstStarts && props.payload.value === firstTime
                    ? 'start'
                    : 'middle'
              }
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
