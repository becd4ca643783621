import { Area, Line } from 'recharts';
import { TimeSeriesPlot } from './time-series-plot.tsx';
import { valueOf, type ChartDatum, type ChartFormatters, type ChartSeries } from './time-series.ts';

export interface LinePlotProps {
  data: readonly ChartDatum[];
  series: readonly ChartSeries<ChartDatum>[];
  formatters: ChartFormatters;
  animate: boolean | 'auto';
  area: boolean;
}

/** Indexes of the points with a value whose neighbours have none: no line reaches them. */
export function isolatedPoints<T extends ChartDatum>(
  data: readonly T[],
  key: Extract<keyof T, string>,
): Set<number> {
  const present = data.map((datum) => valueOf(datum, key) !== null);
  const isolated = new Set<number>();
  present.forEach((has, i) => {
    if (has && !present[i - 1] && !present[i + 1]) isolated.add(i);
  });
  return isolated;
}

/**
 * The series' dots: none, except on isolated points (a day with data between empty days, or the
 * only day with data), which would otherwise not show at all.
 */
function isolatedDots(isolated: Set<number>, color: string) {
  if (isolated.size === 0) return false;
  return (props: { cx?: number; cy?: number; index?: number }) => {
    const index = props.index ?? -1;
    return isolated.has(index) && props.cx !== undefined && props.cy !== undefined ? (
      <circle
        key={`isolated-${index}`}
        className="vd-chart__isolated-dot"
        cx={props.cx}
        cy={props.cy}
        r={3}
        fill={color}
      />
    ) : (
      <g key={`dot-${index}`} />
    );
  };
}

/** LineChart's plot: lines over gradient areas, previous periods dashed (loaded on first use). */
export function LinePlot({ data, series, formatters, animate, area }: LinePlotProps) {
  return (
    <TimeSeriesPlot
      data={data}
      series={series}
      formatters={formatters}
      placement="point"
      cursor={{ stroke: 'var(--gray-a7)' }}
      legendIcon="plainline"
      renderSeries={(s, { color, axis, areaFill }) => {
        const shared = {
          yAxisId: axis,
          type: 'monotone' as const,
          dataKey: s.key,
          name: s.label,
          stroke: color,
          dot: isolatedDots(isolatedPoints(data, s.key), color),
          activeDot: { r: 4, strokeWidth: 0 },
          connectNulls: false,
          isAnimationActive: animate,
        };
        return area && !s.previous ? (
          <Area key={s.key} {...shared} strokeWidth={2} fill={areaFill} />
        ) : (
          <Line
            key={s.key}
            {...shared}
            strokeWidth={s.previous ? 1.5 : 2}
            strokeDasharray={s.previous ? '5 4' : undefined}
          />
        );
      }}
    />
  );
}
